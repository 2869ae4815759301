# The two set-up commands of the README: `make demo` and `make test`.
# Each installs what is missing (Debian packages, through .ci/install-deps) first. Set-up steps print
# one line each; their full output goes to $(LOG), which an error names.
SWIFT ?= swift
HUNT := .build/release/hunt
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

.PHONY: deps demo test build release manual install uninstall bench clean

deps:
	@HUNT_SETUP_LOG=$(LOG) .ci/install-deps

build: deps
	@$(QUIETLY) "building hunt (debug)" $(SWIFT) build

release: deps
	@$(QUIETLY) "building hunt (release)" $(SWIFT) build -c release --product hunt

# The main job on an example: validate every example hunt, then judge one and show its leaderboard.
demo: release
	$(HUNT) validate Examples/*/hunt.yaml
	$(HUNT) judge Examples/photo-scavenger-hunt/hunt.yaml Examples/photo-scavenger-hunt/submissions

# The build is quiet (its log is $(LOG)); swift test's own output, with its closing line, is shown.
test: deps
	.ci/check/layers.py
	@$(QUIETLY) "building hunt and the tests" $(SWIFT) build --build-tests
	$(SWIFT) test
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/hostile-inputs.sh --fast
	.ci/check/schema.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/serve-browser.sh
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" DECISIONS=1500 SOAK=20 .ci/check/serve-soak.sh

# Man pages from the command's own help, through swift-argument-parser's generate-manual plugin.
manual: release
	@rm -rf .build/manual && mkdir -p .build/manual
	@$(QUIETLY) "writing man pages" $(SWIFT) package plugin generate-manual --configuration release --multi-page --output-directory .build/manual

install: release manual
	install -d $(BINDIR) $(DATADIR)/hunt $(MAN1DIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(HUNT) $(BINDIR)/hunt
	rm -rf $(DATADIR)/hunt/Templates
	cp -R Templates $(DATADIR)/hunt/Templates
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
