# The two set-up commands of the README: `make demo` and `make test`.
# Each installs what is missing (Debian packages, through .ci/install-deps) first.
SWIFT ?= swift
HUNT := .build/release/hunt

.PHONY: deps demo test build release bench clean

deps:
	@.ci/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product hunt

# The main job on an example: validate every example hunt, then judge one and show its leaderboard.
demo: release
	$(HUNT) validate Examples/*/hunt.yaml
	$(HUNT) judge Examples/photo-scavenger-hunt/hunt.yaml Examples/photo-scavenger-hunt/submissions

test: deps
	$(SWIFT) test
	HUNT="$$($(SWIFT) build --product hunt --show-bin-path)/hunt" .ci/check/hostile-inputs.sh --fast

clean:
	rm -rf .build
