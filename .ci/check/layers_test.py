#!/usr/bin/env python3
"""Tests of .ci/check/layers.py: each runs it on a small made-up Sources/ tree and says whether it
must pass or fail, and on which line. Run by `make test` before the check itself.

usage (from anywhere): .ci/check/layers_test.py
"""
import os, subprocess, sys, tempfile, unittest

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layers.py")


def run(tree):
    """Runs the check on a tree {path under Sources/: text}; returns (exit status, output)."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in tree.items():
            full = os.path.join(root, "Sources", path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as file:
                file.write(text)
        done = subprocess.run([sys.executable, CHECK], cwd=root, capture_output=True, text=True)
        return done.returncode, done.stdout + done.stderr


# A hunt model in Definition and a writer in Support that uses nothing above it.
CLEAN = {
    "HuntKit/Support/Batch.swift": "struct Batch {\n    func stage(_ url: URL) -> String { url.shownPath }\n}\n",
    "HuntKit/Support/ShownPath.swift": "extension URL {\n    var shownPath: String { path }\n}\n",
    "HuntKit/Definition/Hunt.swift": "struct Hunt {\n    var title: String\n    func slug() -> String { makeSlug(title) + Batch().stage(URL(fileURLWithPath: \"/\")) }\n}\n"
                                     "func makeSlug(_ title: String) -> String { title }\n",
}


class LayersTest(unittest.TestCase):
    def check(self, changes, without=()):
        """Runs the check on CLEAN with `changes` ({path: text}) and without the paths `without`."""
        tree = {path: text for path, text in CLEAN.items() if path not in without}
        tree.update(changes)
        return run(tree)

    def passes(self, changes, without=()):
        status, output = self.check(changes, without)
        self.assertEqual(status, 0, output)
        return output

    def fails(self, changes, says, without=()):
        status, output = self.check(changes, without)
        self.assertEqual(status, 1, output)
        self.assertIn(says, output)
        return output

    def test_a_tree_that_only_uses_layers_below_passes(self):
        self.assertIn("all use only layers below them", self.passes({}))

    def test_a_type_of_a_layer_above_fails(self):
        self.fails({"HuntKit/Support/Batch.swift": "struct Batch {\n    var hunt: Hunt?\n}\n"},
                   "Sources/HuntKit/Support/Batch.swift: Support uses Hunt of Definition")

    def test_an_extension_member_declared_in_a_layer_above_fails(self):
        self.fails({"HuntKit/Definition/ShownPath.swift": "extension URL {\n    var shownPath: String { path }\n}\n"},
                   "Support uses .shownPath, an extension member in Definition",
                   without=["HuntKit/Support/ShownPath.swift"])

    def test_a_free_function_of_a_layer_above_fails(self):
        self.fails({"HuntKit/Support/Batch.swift": "struct Batch {\n    func stage(_ url: URL) -> String { makeSlug(url.shownPath) }\n}\n"},
                   "Support calls makeSlug(), a function of Definition")

    def test_a_member_of_the_same_name_below_is_taken_as_the_one_used(self):
        self.passes({"HuntKit/Definition/Slug.swift": "extension String {\n    var label: String { self }\n}\n",
                     "HuntKit/Support/Label.swift": "struct Label {\n    var label: String\n    func text(_ other: Label) -> String { other.label }\n}\n"})

    def test_a_standard_library_name_is_not_taken_for_an_extension_above(self):
        self.passes({"HuntKit/Definition/Target.swift": "extension Hunt {\n    func map(of x: Int) -> Int { x }\n}\n",
                     "HuntKit/Support/Numbers.swift": "struct Numbers {\n    func doubled(_ xs: [Int]) -> [Int] { xs.map { $0 * 2 } }\n}\n"})

    def test_a_use_in_a_comment_or_string_is_no_use(self):
        self.passes({"HuntKit/Support/Batch.swift": "// Hunt, makeSlug(\nstruct Batch {\n    let note = \"a Hunt's .title\"\n}\n"})

    def test_a_sibling_in_the_same_layer_fails(self):
        self.fails({"HuntKit/Judging/Judge.swift": "struct Judge {\n    var answers: Answers?\n}\n",
                    "HuntKit/Simulation/Answers.swift": "struct Answers {}\n"},
                   "Judging uses Answers of Simulation")

    def test_a_c_module_imported_outside_its_wrapper_fails(self):
        output = self.fails({"CYAML/module.modulemap": "module CYAML { header \"shim.h\" }\n",
                             "HuntKit/YAML/YAMLParser.swift": "internal import CYAML\nstruct YAMLParser {}\n",
                             "HuntKit/Definition/Reader.swift": "import CYAML\nstruct Reader {}\n"},
                            "Sources/HuntKit/Definition/Reader.swift: imports CYAML")
        self.assertNotIn("YAMLParser.swift: imports", output)

    def test_a_folder_in_no_layer_fails(self):
        self.fails({"HuntKit/Extras/Thing.swift": "struct Thing {}\n"}, "the folder Extras is in no layer")


if __name__ == "__main__":
    unittest.main()
