import WiringCleanse

/// The fixtures of ``CleansePropertyInjectionTests``, in a file that does not import Testing,
/// whose `Tag` would make Cleanse's ambiguous (a Cleanse test file imported XCTest, which has
/// none): a screen hierarchy whose properties are injected the ways Cleanse's documentation
/// shows.
enum CleansePropertyInjection {
    struct TitleTag: Tag { typealias Element = String }
    struct SubtitleTag: Tag { typealias Element = String }
    struct EditorTag: Tag { typealias Element = String }

    struct Theme {
        let accent: String
    }

    class BaseScreen {
        var title: String!
    }

    class DetailScreen: BaseScreen {
        var subtitle: String!
        var theme: Theme!

        func inject(base: PropertyInjector<BaseScreen>, subtitle: TaggedProvider<SubtitleTag>, theme: Theme) {
            base.injectProperties(into: self)
            self.subtitle = subtitle.get()
            self.theme = theme
        }
    }

    final class EditScreen: DetailScreen {
        var editor: TaggedProvider<EditorTag>!
    }

    /// What the root injects its injectors into.
    final class ScreenHost {
        var base: PropertyInjector<BaseScreen>!
        var detail: PropertyInjector<DetailScreen>!
        var edit: PropertyInjector<EditScreen>!

        func inject(_ base: PropertyInjector<BaseScreen>, detail: PropertyInjector<DetailScreen>, edit: PropertyInjector<EditScreen>) {
            self.base = base
            self.detail = detail
            self.edit = edit
        }
    }

    struct ScreensModule: Module {
        static func configure(binder: UnscopedBinder) {
            binder.bind().tagged(with: TitleTag.self).to(value: "Inbox")
            binder.bind().tagged(with: SubtitleTag.self).to(value: "3 unread")
            binder.bind().tagged(with: EditorTag.self).to(value: "rich text")
            binder.bind().to(value: Theme(accent: "teal"))
            // The parameter types come from the closures' bodies alone.
            binder.bindPropertyInjectionOf(BaseScreen.self).to {
                $0.title = ($1 as TaggedProvider<TitleTag>).get()
            }
            binder.bindPropertyInjectionOf(DetailScreen.self).to {
                $0.inject(base: $1, subtitle: $2, theme: $3)
            }
            binder.bindPropertyInjectionOf(EditScreen.self).to(injector: injectEditScreen)
        }

        static func injectHost(binder bind: PropertyInjectionReceiptBinder<ScreenHost>) -> BindingReceipt<PropertyInjector<ScreenHost>> {
            bind.to(injector: ScreenHost.inject)
        }

        static func injectEditScreen(screen: EditScreen, detail: PropertyInjector<DetailScreen>, editor: TaggedProvider<EditorTag>) {
            detail.injectProperties(into: screen)
            screen.title = "Edit"
            screen.editor = editor
        }
    }

    struct ScreensComponent: RootComponent {
        typealias Root = PropertyInjector<ScreenHost>

        static func configure(binder: UnscopedBinder) {
            binder.include(module: ScreensModule.self)
        }

        static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
            bind.propertyInjector(configuredWith: ScreensModule.injectHost)
        }
    }
}
