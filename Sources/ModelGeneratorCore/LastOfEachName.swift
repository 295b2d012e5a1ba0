extension Sequence {
    /// The elements one per name, each name where it first comes, holding the last element of that name: a later
    /// declaration replaces an earlier one in its place (a subclass's property over its superclass's, a mapping's own
    /// property over the one it inherits).
    func lastOfEachName(_ name: (Element) -> String) -> [Element] {
        var kept: [Element] = []
        var indexByName: [String: Int] = [:]
        for element in self {
            let key = name(element)
            if let index = indexByName[key] {
                kept[index] = element
            } else {
                indexByName[key] = kept.count
                kept.append(element)
            }
        }
        return kept
    }
}
