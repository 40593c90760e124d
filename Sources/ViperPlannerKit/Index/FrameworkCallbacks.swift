/// Delegate and data-source methods a framework calls: the type conforms to a protocol the sources
/// do not declare, and the method follows Cocoa's delegate convention (its first parameter is the
/// framework object calling back, and its name starts with that object's role:
/// `tableView(_:cellForRowAt:)`, `scrollViewDidScroll(_:)`, `metadataOutput(_:didOutput:from:)`).
extension TypeIndex {
    /// Callback names whose first parameter does not name the caller's role, or that take none.
    static let knownCallbackNames: Set<String> = [
        "mailComposeController", "messageComposeViewController", "picker", "documentPicker", "documentBrowser",
        "presentationControllerDidDismiss", "presentationControllerShouldDismiss", "presentationControllerWillDismiss",
        "adaptivePresentationStyle", "gestureRecognizerShouldBegin", "gestureRecognizer", "numberOfSections",
        "textFieldShouldReturn", "textFieldDidBeginEditing", "textFieldDidEndEditing", "textFieldShouldBeginEditing",
        "scrollViewDidScroll", "scrollViewDidEndDecelerating", "metadataOutput", "captureOutput", "photoOutput",
        "userNotificationCenter", "safariViewControllerDidFinish", "productsRequest", "paymentQueue",
        "searchBarSearchButtonClicked", "searchBarCancelButtonClicked", "updateSearchResults", "pageViewController",
        "imagePickerController", "imagePickerControllerDidCancel", "locationManager", "locationManagerDidChangeAuthorization",
        "webView", "mapView", "urlSession", "audioPlayerDidFinishPlaying", "speechSynthesizer", "centralManager",
        "centralManagerDidUpdateState", "peripheral", "session", "sessionDidBecomeInactive", "sessionDidDeactivate",
        "contactPicker", "contactPickerDidCancel", "authorizationController", "presentationAnchor", "collectionView",
        "tableView", "pickerView", "numberOfComponents", "textView", "textViewDidChange", "searchBar", "navigationController",
        "tabBarController", "splitViewController", "popoverPresentationControllerDidDismissPopover",
        "presentationController", "animationController", "interactionControllerForDismissal",
        "interactionControllerForPresentation", "previewController", "numberOfPreviewItems", "fetchedResultsController",
        "controllerWillChangeContent", "controllerDidChangeContent", "controller", "player", "playerViewController",
    ]

    /// Framework prefixes of the objects that call delegates back.
    static let callerPrefixes = ["UI", "AV", "CL", "WK", "MK", "MF", "PH", "SF", "UN", "CN", "AS", "SK", "CB", "QL", "NS",
                                 "EK", "GK", "WC", "AR", "CX", "PK", "INUI", "MC", "MP", "VN"]

    /// Why a framework calls this function of the type, or nil.
    func frameworkCallback(_ function: FunctionFact, in type: Int) -> String? {
        guard !function.isOverride, !function.isStatic, !function.attributes.contains("IBAction") else { return nil }
        // Conformances of the type and of its project superclasses (`SiteTableViewController:
        // UITableViewDelegate` makes a subclass's `tableView(_:didSelectRowAt:)` a callback too).
        var frameworkProtocols: [String] = []
        for owner in [type] + superclasses(of: type) {
            let near = path(types[owner].decls[0])
            for name in types[owner].inheritance where !frameworkProtocols.contains(name)
                && resolve(name, near: near) == nil && !types[owner].superclassChain.contains(name) && Self.isFrameworkName(name) {
                frameworkProtocols.append(name)
            }
        }
        guard !frameworkProtocols.isEmpty else { return nil }
        let base = baseName(function.name)
        if let first = function.parameterTypes.first, Self.isFrameworkName(first),
           Self.roleNames(of: first).contains(where: { Self.startsWithWord(base, $0) }) {
            return "\(first) callback (\(frameworkProtocols.joined(separator: ", ")))"
        }
        if Self.knownCallbackNames.contains(base) {
            return "framework callback (\(frameworkProtocols.joined(separator: ", ")))"
        }
        return nil
    }

    static func isFrameworkName(_ name: String) -> Bool {
        let plain = lastPart(name).map(String.init) ?? name
        if plain.hasPrefix("URLSession") { return true }
        return callerPrefixes.contains { prefix in
            plain.hasPrefix(prefix) && plain.count > prefix.count + 1
                && plain[plain.index(plain.startIndex, offsetBy: prefix.count)].isUppercase
        }
    }

    /// `AVCaptureMetadataOutput` → `captureMetadataOutput`, `metadataOutput`, `output`;
    /// `UITableView` → `tableView`, `view`; `URLSession` → `urlSession`, `session`.
    static func roleNames(of typeName: String) -> [String] {
        if typeName.hasPrefix("URLSession") { return ["urlSession", "session"] }
        let prefix = callerPrefixes.first { typeName.hasPrefix($0) } ?? ""
        let words = camelWords(String(typeName.dropFirst(prefix.count)))
        return words.indices.map { i in
            let tail = words[i...].joined()
            return tail.prefix(1).lowercased() + tail.dropFirst()
        }
    }

    static func camelWords(_ name: String) -> [String] {
        var words: [String] = [], current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty { words.append(current); current = "" }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `scrollViewDidScroll` starts with the word `scrollView`; `viewsTapped` does not start with `view`.
    static func startsWithWord(_ name: String, _ word: String) -> Bool {
        guard name.hasPrefix(word) else { return false }
        let rest = name.dropFirst(word.count)
        return rest.first.map { $0.isUppercase } ?? true
    }
}
