/// The user's own BillScanner, which shares its name with a target of Wiring's example.
public let billScannerName = "BillScanner"
