# Quartet — the two commands for a fresh machine are `make run` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
FIXTURES := $(abspath ../shared/fixtures)
export QUARTET_FIXTURES ?= $(if $(wildcard $(FIXTURES)),$(FIXTURES),)

.PHONY: run test build release bench screens format lint bootstrap sanitize clean soak fuzz

bootstrap:
	@scripts/bootstrap

## Build in release mode and start the server on the embedded defaults.
run: bootstrap
	$(SWIFT) build -c release --product quartet
	.build/release/quartet serve

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

# At most this many test cases run at once (Swift Testing's own cap; unset, it starts every test at once). NB: with
# all 1,600 started together, a test that awaited a socket or a timer was resumed behind every other test's work,
# and on a loaded machine (load 13 on two cores) a dozen socket tests waited past their servers' idle timeouts and
# their own deadlines and failed together. With 8 the same load passes, and a quiet pass is no slower (125 s;
# uncapped, 137 s and 182 s).
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH ?= 8

# The view tests (the apps' views through the SwiftUI stand-in, and the screen catalog) run apart from the rest.
# NB: each of them waits on the main actor, which the screen-model tests beside them keep busy: under one
# --parallel run a view test that works for 0.1 s took 85 s of wall time; apart, all of them take a few seconds.
VIEW_TESTS := UITests\.|SwiftUIStandInTests\.|ScreenRendererTests\.

## The whole suite: lint, every test (SQLite and a throwaway PostgreSQL), sanitizers.
test: bootstrap lint
	scripts/with-postgres scripts/test-pass main $(SWIFT) test --parallel --skip '$(VIEW_TESTS)'
	scripts/with-postgres scripts/test-pass views $(SWIFT) test --skip-build --parallel --filter '$(VIEW_TESTS)'
	$(SWIFT) build --product quartet
	scripts/crash-soak --kills 3
	scripts/with-postgres scripts/crash-soak --kills 3 --postgres
	scripts/contract --examples 3 --phases fuzzing,stateful --seed 1
	scripts/with-postgres scripts/contract --examples 3 --phases fuzzing,stateful --seed 1 --postgres
	scripts/idle-soak --connections 2000 --cap-to-limit
	scripts/sanitize

## ThreadSanitizer and AddressSanitizer over the tests that share state across threads (the last step of `test`).
sanitize: bootstrap
	scripts/sanitize

## Nightly-style fuzzing: schemathesis over every documented operation, 200 examples each, on both engines;
## then coverage-guided fuzzing (libFuzzer + AddressSanitizer) of the readers of untrusted bytes, 5 minutes a
## target.
fuzz: bootstrap
	$(SWIFT) build -c release --product quartet
	scripts/contract --binary .build/release/quartet --examples 200
	scripts/with-postgres scripts/contract --binary .build/release/quartet --examples 200 --postgres
	scripts/fuzz --time 300

## Full budgets: `quartet serve` (release) killed 1,000 times during concurrent writes, half on SQLite and half
## on PostgreSQL, every acknowledged write checked after each restart; then 10,000 idle connections held open
## while other requests are answered.
soak: bootstrap
	$(SWIFT) build -c release --product quartet
	scripts/crash-soak --binary .build/release/quartet --kills 500
	scripts/with-postgres scripts/crash-soak --binary .build/release/quartet --kills 500 --postgres
	scripts/idle-soak --binary .build/release/quartet --connections 10000

## Release-mode benchmarks, each figure beside its peer measured in the same run.
bench:
	@scripts/bootstrap --bench
	$(SWIFT) build -c release
	scripts/bench

## Every screen of every app in its states, light and dark: HTML pages, pictures and a gallery in .build/screens/.
screens:
	@scripts/bootstrap --screens
	scripts/screens

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests Fuzz

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Fuzz

clean:
	rm -rf .build
