# The two set-up commands of the README: `make demo` and `make test`.
# Each installs what is missing (Debian packages, through .ci/install-deps) first. Set-up steps print
# one line each; their full output goes to $(LOG), which an error names.
SWIFT ?= swift
HUNT := .build/release/hunt
GENERATE_MANUAL := .build/release/generate-manual
MANUAL := .build/manual/hunt.1
# What the release binary is built from: make rebuilds it only when one of these is newer, so
# `make install` after `make demo` reuses the binary instead of asking SwiftPM again (a no-op
# `swift build` still plans the whole graph: half a minute on a busy machine).
HUNT_SOURCES := Package.swift $(wildcard Package.resolved) $(shell find Sources -type f)
LOG := .build/setup.log
QUIETLY := .ci/quietly $(LOG)

# `make install`: PREFIX=/usr/local by default; DESTDIR for staging (packages, tests).
PREFIX ?= /usr/local
BINDIR := $(DESTDIR)$(PREFIX)/bin
DATADIR := $(DESTDIR)$(PREFIX)/share
MAN1DIR := $(DATADIR)/man/man1
BASHDIR := $(DATADIR)/bash-completion/completions
ZSHDIR := $(DATADIR)/zsh/site-functions
FISHDIR := $(DATADIR)/fish/vendor_completions.d
# The installed copy drops its debug information (151 MB -> 104 MB); the symbol table stays, so a
# crash report still names functions. The build's own binary keeps everything.
STRIP ?= strip --strip-debug

.PHONY: deps demo test build release manual install uninstall bench clean

deps:
	@HUNT_SETUP_LOG=$(LOG) .ci/install-deps

build: deps
	@$(QUIETLY) "building hunt (debug)" $(SWIFT) build

release: deps $(HUNT)

$(HUNT): $(HUNT_SOURCES)
	@$(QUIETLY) "building hunt (release)" $(SWIFT) build -c release --product hunt
	@touch $@

# The main job on an example: validate every example hunt, then judge one and show its leaderboard.
demo: release
	$(HUNT) validate Examples/*/hunt.yaml
	$(HUNT) judge Examples/photo-scavenger-hunt/hunt.yaml Examples/photo-scavenger-hunt/submissions

# The build is quiet (its log is $(LOG)); swift test's own output, with its closing line, is shown.
test: deps
	.ci/check/layers_test.py
	.ci/check/layers.py
	@$(QUIETLY) "building hunt and the tests" $(SWIFT) build --build-tests
	$(SWIFT) test
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/hostile-inputs.sh --fast
	.ci/check/schema.sh
	.ci/check/c-declarations.sh
	.ci/check/format.sh
	.ci/check/concurrency.sh
	.ci/check/doc-coverage.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/scripting-example.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/serve-browser.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/players-browser.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/buenos-aires.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/serve-public.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" DECISIONS=1500 SOAK=20 .ci/check/serve-soak.sh

# Man pages from the command's own help, by swift-argument-parser's generate-manual tool (what its
# plugin runs) run on the release binary directly: the plugin would first build every target again
# in its own build and the tool in debug. The tool is built once, in release beside hunt, reusing
# the ArgumentParser hunt was built with; the pages are remade only when the binary changes.
manual: release $(MANUAL)

$(GENERATE_MANUAL): $(wildcard Package.resolved)
	@$(QUIETLY) "building the man-page generator" $(SWIFT) build -c release --product generate-manual
	@touch $@

$(MANUAL): $(HUNT) $(GENERATE_MANUAL)
	@rm -rf .build/manual && mkdir -p .build/manual
	@$(QUIETLY) "writing man pages" $(GENERATE_MANUAL) $(HUNT) --multi-page --output-directory .build/manual

install: release manual
	install -d $(BINDIR) $(DATADIR)/hunt $(MAN1DIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(HUNT) $(BINDIR)/hunt
	$(STRIP) $(BINDIR)/hunt
	rm -rf $(DATADIR)/hunt/Templates
	cp -R Templates $(DATADIR)/hunt/Templates
	rm -f $(DATADIR)/hunt/Templates/*.swift
	install -m 644 .build/manual/*.1 $(MAN1DIR)/
	$(HUNT) --generate-completion-script bash > $(BASHDIR)/hunt
	$(HUNT) --generate-completion-script zsh > $(ZSHDIR)/_hunt
	$(HUNT) --generate-completion-script fish > $(FISHDIR)/hunt.fish
	@echo "installed $(BINDIR)/hunt; run \`hunt init myhunt\` to start (is $(PREFIX)/bin on your PATH?)"

uninstall:
	rm -f $(BINDIR)/hunt $(MAN1DIR)/hunt.1 $(MAN1DIR)/hunt.*.1 $(BASHDIR)/hunt $(ZSHDIR)/_hunt $(FISHDIR)/hunt.fish
	rm -rf $(DATADIR)/hunt

clean:
	rm -rf .build
