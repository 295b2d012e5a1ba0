import Mustache

/// A view model a template renders: its values by name.
///
/// The default templates print lists of lines with a section per line (`{{#memberLines}}`, an indented `{{.}}`,
/// `{{/memberLines}}`). Rendering those line by line was most of a run's time, so ``TemplateLibrary`` rewrites each
/// such section to ask for `memberLines_indent12` (the indentation as a number) and a view answers with the lines already
/// indented and joined: the same text from one lookup.
public protocol TemplateView: MustacheParent {
    /// The value a template names `name`: a string, a flag, a list of lines, or nested views.
    func value(named name: String) -> Any?
}

extension TemplateView {
    /// `value(named:)`, and for `lines_indentN` the list `lines` as one indented, joined element.
    public func child(named name: String) -> Any? {
        guard let (list, indent) = TemplateLibrary.joinedLines(name) else { return value(named: name) }
        let value = value(named: list)
        guard let lines = value as? [String] else { return value }
        if lines.isEmpty { return lines }
        let prefix = String(repeating: " ", count: indent)
        return [prefix + lines.joined(separator: "\n" + prefix)]
    }
}
