// WiringCleanse is Wiring with the names that only code written for Cleanse needs. A wiring
// library written for Cleanse ports by changing `import Cleanse` to `import WiringCleanse`;
// everything else it uses is Wiring's own, which this module re-exports.
@_exported public import Wiring
