/// File names derived from type, folder or config names: kebab-case, `[a-z0-9-]` only, so a name can
/// never be a path separator, `..` or anything outside the plan directory.
public enum PlanNames {
    /// Names the plan itself uses; a feature with one of them gets `-feature` appended.
    static let reserved: Set<String> = ["readme", "cross-cutting", "discovered", "progress", "state"]

    public static func kebab(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for ch in name {
            let isAlnum = ch.isASCII && (ch.isLetter || ch.isNumber)
            if !isAlnum {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                // A new word at lower→Upper ("ProductList") and at the last capital of an acronym ("URLLoader").
                if ch.isUppercase, let p = previous, p.isLowercase || p.isNumber, !current.isEmpty {
                    words.append(current); current = ""
                }
                current.append(Character(ch.lowercased()))
            }
            previous = isAlnum ? ch : nil
        }
        if !current.isEmpty { words.append(current) }
        let slug = words.joined(separator: "-")
        if slug.isEmpty { return "feature" }
        return reserved.contains(slug) ? slug + "-feature" : slug
    }

    /// "ProductList" → "Product List"; a folder name is kept as written ("Catalog").
    public static func title(_ name: String) -> String {
        var out = ""
        var previous: Character?
        for ch in name {
            if ch.isUppercase, let p = previous, p.isLowercase { out.append(" ") }
            out.append(ch == "_" || ch == "-" ? " " : ch)
            previous = ch
        }
        return out
    }
}

/// Which feature file each view controller belongs to.
public enum FeatureGrouping {
    /// Folder names that say nothing about the feature.
    public static let genericFolders: Set<String> = [
        "controllers", "viewcontrollers", "views", "screens", "scenes", "sources", "source", "classes",
        "ui", "app", "src", "modules", "features", "feature", "presentation", "viewcontroller", "controller",
    ]

    /// Feature name for each view controller, keyed by type name.
    /// - Parameters:
    ///   - viewControllers: type name and path of its primary declaration.
    ///   - features: the config's explicit `features` (name → globs).
    ///   - appFolders: folder names that are the app's own name (where the app delegate lives).
    ///   - macOS: AppKit-only files (`platforms: [ios, macos]`): their screens get features of their
    ///     own, named "… (macOS)", which the dashboard's Next-up queue leaves out.
    public static func group(viewControllers: [(name: String, path: String)], features: [String: [String]],
                             appFolders: Set<String>, macOS: Set<String> = []) -> [String: String] {
        var result: [String: String] = [:]
        let explicit = features.keys.sorted().map { ($0, features[$0]!.map(Glob.init)) }
        for vc in viewControllers {
            if let (name, _) = explicit.first(where: { $0.1.contains { $0.matches(vc.path) } }) {
                result[vc.name] = name
            } else if let folder = featureFolder(vc.path, appFolders: appFolders) {
                result[vc.name] = folder
            } else {
                result[vc.name] = PlanNames.title(modulePrefix(vc.name))
            }
            if macOS.contains(vc.path) { result[vc.name]! += macOSSuffix }
        }
        return result
    }

    static let macOSSuffix = " (macOS)"

    /// A feature of AppKit screens: planned, never queued with the iOS work.
    public static func isMacOS(feature name: String) -> Bool { name.hasSuffix(macOSSuffix) }

    /// The nearest enclosing folder that is not generic and not the app's name.
    static func featureFolder(_ path: String, appFolders: Set<String>) -> String? {
        let folders = path.split(separator: "/").dropLast().map(String.init)
        return folders.reversed().first { folder in
            !genericFolders.contains(folder.lowercased()) && !appFolders.contains(folder)
                && !folder.hasPrefix(".") && PlanNames.kebab(folder) != "feature"
        }
    }

    /// Gives every feature a unique slug; collisions get `-2`, `-3` in name order.
    public static func slugs(for names: [String]) -> [String: String] {
        var used: Set<String> = []
        var result: [String: String] = [:]
        for name in names.sorted() {
            let base = isMacOS(feature: name) ? PlanNames.kebab(String(name.dropLast(macOSSuffix.count))) + "-macos" : PlanNames.kebab(name)
            var slug = base, n = 2
            while used.contains(slug) { slug = "\(base)-\(n)"; n += 1 }
            used.insert(slug)
            result[name] = slug
        }
        return result
    }
}
