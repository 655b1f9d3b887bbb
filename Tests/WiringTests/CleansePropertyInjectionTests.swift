import Testing
import WiringCleanse

/// Property injection written the Cleanse way, with `import WiringCleanse`: injectors given as
/// closures whose parameter types only their bodies tell (`$0.inject(base: $1, subtitle: $2,
/// theme: $3)`), which WiringCleanse takes through parameter-pack overloads; a subclass's
/// injector that runs its superclass's; a static function as an injector; and a root that
/// injects its own properties.
struct CleansePropertyInjectionTests {
    typealias Fixtures = CleansePropertyInjection

    @Test func propertiesAreInjectedAsWithCleanse() throws {
        let host = Fixtures.ScreenHost()
        try ComponentFactory.of(Fixtures.ScreensComponent.self).build(()).injectProperties(into: host)

        let base = Fixtures.BaseScreen()
        let detail = Fixtures.DetailScreen()
        let edit = Fixtures.EditScreen()
        host.base.injectProperties(into: base)
        host.detail.injectProperties(into: detail)
        host.edit.injectProperties(into: edit)

        #expect(base.title == "Inbox")
        #expect(detail.title == "Inbox")
        #expect(detail.subtitle == "3 unread")
        #expect(detail.theme?.accent == "teal")
        #expect(edit.title == "Edit")
        #expect(edit.subtitle == "3 unread")
        #expect(edit.editor?.get() == "rich text")
    }
}
