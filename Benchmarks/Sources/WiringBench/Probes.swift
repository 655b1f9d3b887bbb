internal import BenchmarkSupport
internal import Foundation
internal import ScaleTypes
internal import Swinject
internal import SwinjectScale600
internal import Wiring
internal import WiringScaleRest

/// Measurements that need a process of their own, run as `wiring-bench --probe NAME ARGS...`:
/// cold start-up (the first thing a process does), heap readings that earlier scenarios must not
/// disturb, and stack probes that may end the process with a stack overflow.
///
/// A probe prints its numbers on one line, separated by spaces, and exits with 0.
enum Probe {
    static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let name = arguments.first else { throw ProbeUsage() }
            let numbers = arguments.dropFirst().compactMap(Int.init)
            switch name {
            case "wiring-of-6k":
                return try ColdStart.timeOnce { blackHole(try ComponentFactory.of(ScaleComponent6k.self)) }
            case "swinject-register-6k":
                return ColdStart.timeOnce {
                    let container = Container()
                    registerScale6000(container)
                    blackHole(container)
                }
            case "startup-build":
                guard numbers.count == 1 else { throw ProbeUsage() }
                print(try StartupBuild.measure(quick: numbers[0] == 1))
            case "heap-of":
                guard numbers.count == 3, let component = ScaleComponents.component(bindings: numbers[0]) else { throw ProbeUsage() }
                print(try heapAfterOf(component, copies: numbers[1], builds: numbers[2]).map(String.init).joined(separator: " "))
            case "heap-swinject":
                guard numbers.count == 1 else { throw ProbeUsage() }
                print(heapAfterSwinjectRegistration(copies: numbers[0]).map(String.init).joined(separator: " "))
            case "build-growth":
                guard arguments.count == 4, numbers.count == 2 else { throw ProbeUsage() }
                print(try BuildGrowth.heapReadings(arguments[1], small: numbers[0], large: numbers[1]).map(String.init).joined(separator: " "))
            case "stack":
                guard arguments.count == 4, numbers.count == 2, let component = ScaleComponents.component(bindings: numbers[0]) else {
                    throw ProbeUsage()
                }
                try StackPhase.run(arguments[1], component, stackSize: numbers[1])
            case "main-thread-depth":
                guard numbers.count == 1, let component = ScaleComponents.component(bindings: numbers[0]) else { throw ProbeUsage() }
                print(try StackPhase.onMainThread(component).map(String.init).joined(separator: " "))
            case "profile":
                guard arguments.count == 3, numbers.count == 1 else { throw ProbeUsage() }
                try ProfileProbe.run(arguments[1], count: numbers[0])
            case "swinject-depth":
                guard numbers.count == 1, (1...6000).contains(numbers[0]) else { throw ProbeUsage() }
                print(SwinjectDepth.resolve(depth: numbers[0]))
            default:
                throw ProbeUsage()
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("wiring-bench --probe: \(error)\n".utf8))
            return 1
        }
    }

    struct ProbeUsage: Error, CustomStringConvertible {
        var description: String { "bad probe arguments" }
    }

    /// Heap bytes: retained by the first `of` (which also fills the Swift runtime's caches), then
    /// by each further `of` while every factory stays alive, then by the first build of the first
    /// factory (its root released), then the growth from that build to build number `builds`.
    static func heapAfterOf<C: SeedlessComponent>(_ component: C.Type, copies: Int, builds: Int) throws -> [Int] {
        let start = HeapUsage.settledBytesInUse()
        let first = try ComponentFactory.of(C.self)
        let afterFirst = HeapUsage.settledBytesInUse()
        var factories = [first]
        for _ in 0..<copies { factories.append(try ComponentFactory.of(C.self)) }
        let afterCopies = HeapUsage.settledBytesInUse()
        blackHole(first.build())
        let afterOneBuild = HeapUsage.settledBytesInUse()
        for _ in 1..<max(builds, 1) { blackHole(first.build()) }
        let afterBuilds = HeapUsage.settledBytesInUse()
        blackHole(factories)
        return [afterFirst - start, (afterCopies - afterFirst) / max(copies, 1), afterOneBuild - afterCopies, afterBuilds - afterOneBuild]
    }

    /// Heap bytes retained by the first Swinject container with the 6,000 services, then by each
    /// further one.
    static func heapAfterSwinjectRegistration(copies: Int) -> [Int] {
        func registered() -> Container {
            let container = Container()
            registerScale6000(container)
            return container
        }
        let start = HeapUsage.settledBytesInUse()
        var containers = [registered()]
        let afterFirst = HeapUsage.settledBytesInUse()
        for _ in 0..<copies { containers.append(registered()) }
        let afterCopies = HeapUsage.settledBytesInUse()
        blackHole(containers)
        return [afterFirst - start, (afterCopies - afterFirst) / max(copies, 1)]
    }
}

/// Resolves the end of a chain of `depth` services with Swinject; Swinject stops the process
/// (a fatal error about a circular dependency) when the chain is deeper than 200.
enum SwinjectDepth {
    static func resolve(depth: Int) -> String {
        let container = Container()
        registerScale6000(container)
        // Service k is the end of a chain of k + 1 services.
        let resolved: Any? = switch depth {
        case 200: container.resolve(Service00199.self)
        case 201: container.resolve(Service00200.self)
        default: container.resolve(Service05999.self)
        }
        return resolved == nil ? "nil" : "resolved"
    }
}
