import UniformTypeIdentifiers

extension View {
    /// Presents `content` as a sheet while `isPresented` is true; dismissing sets it to false.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        _modifySingle { node, context in
            guard isPresented.wrappedValue else { return }
            let dismiss: @MainActor () -> Void = {
                isPresented.wrappedValue = false
                onDismiss?()
            }
            node.presentations.append(
                Self.presentation(.sheet, content(), in: context.child("sheet"), dismiss: dismiss))
        }
    }

    /// Presents `content` for `item` as a sheet while it is not `nil`; dismissing sets it to `nil`.
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        _modifySingle { node, context in
            guard let value = item.wrappedValue else { return }
            let dismiss: @MainActor () -> Void = {
                item.wrappedValue = nil
                onDismiss?()
            }
            node.presentations.append(
                Self.presentation(.sheet, content(value), in: context.child("sheet:\(value.id)"), dismiss: dismiss))
        }
    }

    /// Keeps the sheet this view is in from being swiped down while `isDisabled` (it springs back); the sheet's own
    /// buttons still close it
    /// (https://developer.apple.com/documentation/swiftui/view/interactivedismissdisabled(_:)).
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        _modify { node in
            if isDisabled { node.refusesInteractiveDismiss = true }
        }
    }

    /// An alert with `actions` (buttons) and a message while `isPresented` is true.
    public func alert<A: View, M: View>(
        _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        let actions = actions()
        let message = message()
        return _modifySingle { node, context in
            guard isPresented.wrappedValue else { return }
            node.presentations.append(
                Self.dialog(
                    .alert, title: title, actions: actions, message: message, in: context.child("alert"),
                    isPresented: isPresented))
        }
    }

    /// An alert with `actions` while `isPresented` is true.
    public func alert<A: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View
    {
        alert(title, isPresented: isPresented, actions: actions) { EmptyView() }
    }

    /// A confirmation dialog with `actions` while `isPresented` is true.
    public func confirmationDialog<A: View>(
        _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        let actions = actions()
        return _modifySingle { node, context in
            guard isPresented.wrappedValue else { return }
            node.presentations.append(
                Self.dialog(
                    .confirmationDialog, title: title, actions: actions, message: EmptyView(),
                    in: context.child("dialog"), isPresented: isPresented))
        }
    }

    /// A confirmation dialog made from `data` while `isPresented` is true and `data` is not `nil`: its `actions`
    /// (buttons) and a `message` under the title
    /// (https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:presenting:actions:message:), the string-title overload).
    public func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        let content = data.map { (actions: actions($0), message: message($0)) }
        let title = String(title)
        return _modifySingle { node, context in
            guard isPresented.wrappedValue, let content else { return }
            node.presentations.append(
                Self.dialog(
                    .confirmationDialog, title: title, actions: content.actions, message: content.message,
                    in: context.child("dialog"), isPresented: isPresented))
        }
    }

    /// Presents the system's Files picker while `isPresented` is true, offering files of `allowedContentTypes`;
    /// choosing one calls `onCompletion` with its URL, and either choosing or cancelling sets `isPresented` to
    /// false (https://developer.apple.com/documentation/swiftui/view/fileimporter(ispresented:allowedcontenttypes:oncompletion:)).
    public func fileImporter(
        isPresented: Binding<Bool>, allowedContentTypes: [UTType],
        onCompletion: @escaping (Result<URL, any Error>) -> Void
    ) -> some View {
        _modifySingle { node, context in
            guard isPresented.wrappedValue else { return }
            var picker = ViewNode(.fileImporter)
            picker.value = allowedContentTypes.map(\.identifier).joined(separator: ", ")
            picker.path = context.child("fileImporter").identity
            picker.dismissAction = { isPresented.wrappedValue = false }
            picker.fileChosen = { url in
                isPresented.wrappedValue = false
                onCompletion(.success(url))
            }
            node.presentations.append(picker)
        }
    }

    @MainActor
    static func presentation<Content: View>(
        _ kind: ViewNode.Kind, _ content: Content, in context: RenderContext, dismiss: @escaping @MainActor () -> Void
    ) -> ViewNode {
        var sheet = ViewNode(kind)
        sheet.children = context.with(\.dismiss, DismissAction(action: dismiss)).render(content)
        sheet.dismissAction = dismiss
        sheet.path = context.identity
        return sheet
    }

    @MainActor
    static func dialog<A: View, M: View>(
        _ kind: ViewNode.Kind, title: String, actions: A, message: M, in context: RenderContext,
        isPresented: Binding<Bool>
    ) -> ViewNode {
        var dialog = ViewNode(kind, text: title)
        dialog.children = context.render(message, at: "message")
        var buttons = context.render(actions, at: "actions")
        for index in buttons.indices {
            // Any button of an alert also closes it, as in SwiftUI.
            let action = buttons[index].tapAction
            buttons[index].tapAction = {
                action?()
                isPresented.wrappedValue = false
            }
        }
        dialog.toolbar = buttons
        dialog.dismissAction = { isPresented.wrappedValue = false }
        dialog.path = context.identity
        return dialog
    }
}
