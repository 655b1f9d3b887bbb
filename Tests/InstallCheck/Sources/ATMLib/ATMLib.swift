/// The user's own ATMLib, which shares its name with a target of Wiring's example.
public let aTMLibName = "ATMLib"
