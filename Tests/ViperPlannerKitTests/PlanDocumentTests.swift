import Testing
@testable import ViperPlannerKit

/// Reading a plan back must never lose a byte a person wrote.
struct PlanDocumentTests {
    static let sample = """
    # Feature: Profile

    > **Context**: generated.

    ## Critical Safety Issues

    - [ ] **C1: Strong `self` in the stored sink of ProfileViewController** <!-- vp:9f2c41d7aa01 -->
      - **Location**: `Profile/ProfileViewController.swift:47`
      - **Severity**: 🔴 Critical
      - **Problem**: Two sentences
        that continue here.
      - **PR**: #123
      Some note a person typed under the task.
    - [x] **C2: Force-unwrapped `service`** <!-- vp:00aa11bb22cc -->
      - **Location**: `Profile/ProfileViewController.swift:12`
    - [ ] Talk to design about the avatar
      - **Owner**: @dana

    ## Notes
    Free text.
    """

    @Test func readsTasksFieldsAndPeoplesLines() throws {
        let doc = PlanDocument(parsing: Self.sample)
        #expect(doc.tasks.count == 3)
        let c1 = doc.tasks[0]
        #expect(c1.header.title == "Strong `self` in the stored sink of ProfileViewController")
        #expect(c1.header.id == "C1" && c1.header.fingerprint == "9f2c41d7aa01" && !c1.header.checked)
        #expect(c1.field("Problem") == ["Two sentences", "    that continue here."])
        #expect(c1.field("PR") == ["#123", "  Some note a person typed under the task."])
        #expect(doc.tasks[1].header.checked && doc.tasks[1].header.id == "C2")
        #expect(doc.tasks[2].header.id == nil && doc.tasks[2].header.title == "Talk to design about the avatar")
        #expect(doc.render() == Self.sample)
    }

    @Test func editingOneFieldKeepsEveryOtherLine() {
        var doc = PlanDocument(parsing: Self.sample)
        guard case .task(var task) = doc.segments[1] else { Issue.record("no task"); return }
        task.setField("Severity", ["🟡 High"])
        task.setField("Resolved", ["2026-11-28 (d4e5f6a), verified by scan"])
        task.setChecked(true)
        doc.segments[1] = .task(task)
        let expected = Self.sample
            .replacingOccurrences(of: "- [ ] **C1", with: "- [x] **C1")
            .replacingOccurrences(of: "🔴 Critical", with: "🟡 High")
            .replacingOccurrences(of: "  Some note a person typed under the task.\n",
                                  with: "  Some note a person typed under the task.\n  - **Resolved**: 2026-11-28 (d4e5f6a), verified by scan\n")
        #expect(doc.render() == expected)
    }

    /// A value that starts on the next lines is rewritten exactly as the template writes it.
    @Test func multiLineValueKeepsItsFieldLine() {
        var doc = PlanDocument(parsing: "- [ ] **P1: A** <!-- vp:ab -->\n  - **Evidence**:\n    - `a.swift:1` `x`\n  - **PR**: #1\n")
        guard case .task(var task) = doc.segments[0] else { Issue.record("no task"); return }
        #expect(task.field("Evidence") == ["", "    - `a.swift:1` `x`"])
        task.setField("Evidence", ["", "    - `a.swift:2` `x`"])
        doc.segments[0] = .task(task)
        #expect(doc.render() == "- [ ] **P1: A** <!-- vp:ab -->\n  - **Evidence**:\n    - `a.swift:2` `x`\n  - **PR**: #1\n")
    }

    /// An outlined task written out in full: its new fields go where the template puts them, before
    /// the Estimate and a person's own lines below it keep their place.
    @Test func aFieldAddedLaterTakesItsTemplatePlace() {
        let outlined = "- [ ] **I4: A** <!-- vp:ab -->\n  - **Location**: `a.swift:1`\n  - **Severity**: 🟡 High\n  - **Estimate**: ~40 changed lines\n  - **PR**: #7\n"
        var doc = PlanDocument(parsing: outlined)
        guard case .task(var task) = doc.segments[0] else { Issue.record("no task"); return }
        task.setField("Problem", ["It reads settings."])
        task.setField("Fix", ["Move it."])
        task.setField("Evidence", ["", "    - `a.swift:1` `x`"])
        task.setField("Estimate", ["~40 changed lines: 40 (`a()`)"])
        doc.segments[0] = .task(task)
        #expect(doc.render() == "- [ ] **I4: A** <!-- vp:ab -->\n  - **Location**: `a.swift:1`\n  - **Severity**: 🟡 High\n"
            + "  - **Problem**: It reads settings.\n  - **Fix**: Move it.\n  - **Evidence**:\n    - `a.swift:1` `x`\n"
            + "  - **Estimate**: ~40 changed lines: 40 (`a()`)\n  - **PR**: #7\n")
    }

    @Test func mergeFollowsTheSpecTable() {
        #expect(FieldMerge.merge(base: ["a"], theirs: ["a"], ours: ["b"]) == .write(["b"]))          // fresh tool text
        #expect(FieldMerge.merge(base: ["a"], theirs: ["p"], ours: ["a"]) == .write(["p"]))          // a person edited
        #expect(FieldMerge.merge(base: ["a"], theirs: ["p"], ours: ["b"]) == .keepTheirsAndSuggest(theirs: ["p"], ours: ["b"]))
        #expect(FieldMerge.merge(base: ["a"], theirs: ["b"], ours: ["b"]) == .write(["b"]))          // both agree
        #expect(FieldMerge.merge(base: ["a"], theirs: nil, ours: ["a"]) == .write(nil))              // a person deleted it
        #expect(FieldMerge.merge(base: nil, theirs: nil, ours: ["n"]) == .write(["n"]))              // new field
    }

    /// Hundreds of random documents of the kinds people write: parse → render is the identity.
    @Test func roundTripIsByteExactOnRandomDocuments() {
        var rng = SplitMix(seed: 42)
        let pieces = ["# Title", "", "text with **bold**: colon", "- a list item", "  indented prose", "- [ ] **C1: A** <!-- vp:abc -->",
                      "- [x] **D2: B**", "  - **Location**: `a.swift:1`", "  - **PR**: #9", "    continuation", "- [X] plain task",
                      "<!-- vp:stray -->", "  - **Broken field", "   - [ ] nested checkbox", "| a | b |", "```", "- [ ] **no id**", "\t tab"]
        for _ in 0..<500 {
            let count = Int(rng.next() % 30)
            var text = (0..<count).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined(separator: "\n")
            if rng.next() % 2 == 0 { text += "\n" }
            #expect(PlanDocument(parsing: text).render() == text)
        }
    }
}

/// SplitMix64: a small deterministic generator so property and fuzz tests replay identically.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
