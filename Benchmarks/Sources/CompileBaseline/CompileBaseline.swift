// The compile-time scenario's baseline: a target with the dependencies of the generated targets
// (WiringScale600, SwinjectScale600, HandScale600) and none of their code. Building it measures
// what a build of any target costs before its own code: starting the build, loading modules.
internal import ScaleTypes
internal import Swinject
internal import Wiring

/// The size of one type from each imported module, so that each import is used.
public func compileBaselineSizes() -> Int {
    MemoryLayout<Service00000>.size + MemoryLayout<Container>.size + MemoryLayout<Binder<Singleton>>.size
}
