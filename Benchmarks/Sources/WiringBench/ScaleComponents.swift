internal import ScaleTypes
internal import Wiring
internal import WiringScaleRest

/// The generated scale graph's root components, by number of bindings.
enum ScaleComponents {
    static let sizes = [1000, 2000, 4000, 6000, 8000, 10000]

    /// The component of the first `bindings` bindings; nil for a size that was not generated.
    static func component(bindings: Int) -> (any SeedlessComponent.Type)? {
        switch bindings {
        case 1000: ScaleComponent1k.self
        case 2000: ScaleComponent2k.self
        case 4000: ScaleComponent4k.self
        case 6000: ScaleComponent6k.self
        case 8000: ScaleComponent8k.self
        case 10000: ScaleComponent10k.self
        default: nil
        }
    }
}

/// A root component without a seed, so generic code can call `build()`.
protocol SeedlessComponent: RootComponent, SendableMetatype where Seed == Void {}

extension ScaleComponent1k: SeedlessComponent {}
extension ScaleComponent2k: SeedlessComponent {}
extension ScaleComponent4k: SeedlessComponent {}
extension ScaleComponent6k: SeedlessComponent {}
extension ScaleComponent8k: SeedlessComponent {}
extension ScaleComponent10k: SeedlessComponent {}
