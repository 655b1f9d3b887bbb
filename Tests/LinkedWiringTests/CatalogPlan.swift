@testable import LinkedWiringScanner

/// What the catalog makes of one library's files, given as path and text, scanned in the order
/// of their paths, as the generator reads them.
func catalogPlan(_ files: [String: String], library: String) throws -> (plan: LinkedWiringPlan, problems: [SourceProblem]) {
    var scanned: [ScannedFile] = []
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
        scanned.append(try FileScanner.scan(text: text, path: path))
    }
    return ModuleCatalog.plan(library: library, files: scanned)
}
