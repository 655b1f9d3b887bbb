import Foundation
import WiringCleanse

/// The fixtures of ``CleansePropertyInjectionTests``: Cleanse's own, in a file that does not
/// import Testing, whose `Tag` would make Cleanse's ambiguous (as a file of Cleanse's tests,
/// which imported XCTest, never met).
enum CleansePropertyInjection {
    struct ATag: Tag { typealias Element = String }
    struct BTag: Tag { typealias Element = String }
    struct CTag: Tag { typealias Element = String }

    struct CrazyStructTime {
        let contents: String
    }

    class AClass: NSObject, @unchecked Sendable {
        var a: String!
    }

    class BClass: AClass, @unchecked Sendable {
        var b: String!
        var crazyStruct: CrazyStructTime!

        func injectProperties(superInjector: PropertyInjector<AClass>, b: TaggedProvider<BTag>, crazyStruct: CrazyStructTime) {
            superInjector.injectProperties(into: self)
            self.b = b.get()
            self.crazyStruct = crazyStruct
        }
    }

    class CClass: BClass, @unchecked Sendable {
        var c: TaggedProvider<CTag>!
    }

    final class InjectedHolder: @unchecked Sendable {
        var propAInjector: PropertyInjector<AClass>!
        var propBInjector: PropertyInjector<BClass>!
        var propCInjector: PropertyInjector<CClass>!

        func injectProperties(
            _ propAInjector: PropertyInjector<AClass>,
            propBInjector: PropertyInjector<BClass>,
            propCInjector: PropertyInjector<CClass>
        ) {
            self.propAInjector = propAInjector
            self.propBInjector = propBInjector
            self.propCInjector = propCInjector
        }
    }

    struct PropertyInjectionModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder
                .bind()
                .tagged(with: BTag.self)
                .to(value: "BBBB")
            binder
                .bind()
                .tagged(with: ATag.self)
                .to(value: "AAAAA")
            binder
                .bind()
                .tagged(with: CTag.self)
                .to(value: "CCCCC")
            binder
                .bind()
                .to(value: CrazyStructTime(contents: "Fun contents"))
            binder
                .bindPropertyInjectionOf(AClass.self)
                .to {
                    $0.a = ($1 as TaggedProvider<ATag>).get()
                }
            binder
                .bindPropertyInjectionOf(BClass.self)
                .to {
                    $0.injectProperties(superInjector: $1, b: $2, crazyStruct: $3)
                }
            binder
                .bindPropertyInjectionOf(CClass.self)
                .to(injector: self.injectPropertiesIntoC)
        }

        static func configurePropertyInjector(binder bind: PropertyInjectionReceiptBinder<InjectedHolder>) -> BindingReceipt<PropertyInjector<InjectedHolder>> {
            return bind.to(injector: InjectedHolder.injectProperties)
        }

        static func injectPropertiesIntoC(target: CClass, superInjector: PropertyInjector<BClass>, cString: TaggedProvider<CTag>) {
            superInjector.injectProperties(into: target)
            target.a = "I overrode you"
            target.c = cString
        }
    }

    struct PropertyInjectionComponent: RootComponent {
        typealias Root = PropertyInjector<InjectedHolder>

        static func configure(binder: UnscopedBinder) {
            binder.include(module: PropertyInjectionModule.self)
        }

        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
            return bind.propertyInjector(configuredWith: PropertyInjectionModule.configurePropertyInjector)
        }
    }
}
