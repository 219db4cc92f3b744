import Foundation
import Yams

extension FieldMap {
    /// The node ``TaskReader`` reads for `field`, given the node the other tool wrote: the first
    /// item of a list form (wiki-link brackets and aliases dropped), a translated enum value,
    /// tags without the hidden ones.
    func incoming(_ field: TaskField, _ node: Node) -> Node {
        switch forms[field] {
        case .list?, .wikilinks?:
            let wiki = forms[field] == .wikilinks
            let first: String?
            switch node {
            case let .scalar(s): first = s.string
            case let .sequence(items):
                guard let item = items.first else { return .scalar(Node.Scalar("")) }
                guard case let .scalar(s) = item else { return node }
                first = s.string
            default: return node
            }
            guard let text = first else { return node }
            return .scalar(Node.Scalar(wiki ? FieldMap.linkTarget(text) : ours(field, text), .implicit, .doubleQuoted))
        default:
            break
        }
        if field == .tags, !hiddenTags.isEmpty, case let .sequence(items) = node {
            let kept = items.filter { item in
                if case let .scalar(s) = item { return !isHidden(s.string.trimmingCharacters(in: .whitespaces)) }
                return true
            }
            return .sequence(Node.Sequence(kept))
        }
        if values[field] != nil, case let .scalar(s) = node {
            return .scalar(Node.Scalar(ours(field, s.string), s.tag, s.style, s.mark))
        }
        return node
    }

    /// `[[Target|Alias]]` → `Target`; text without brackets is kept.
    static func linkTarget(_ text: String) -> String {
        var t = text.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix("[["), t.hasSuffix("]]"), t.count >= 4 else { return t }
        t = String(t.dropFirst(2).dropLast(2))
        if let bar = t.firstIndex(of: "|") { t = String(t[..<bar]) }
        return t.trimmingCharacters(in: .whitespaces)
    }
}
