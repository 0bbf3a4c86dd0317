# Tak for the web. `make serve` builds and serves the game; `make test` runs every test.
# Both install what is missing first (Rust wasm target, wasm-pack, the wasm-bindgen-cli that
# matches Cargo.lock, npm packages, and for the tests Chromium).

SHELL := /bin/bash
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ { getline; gsub(/"/, "", $$3); print $$3; exit }' Cargo.lock)
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: serve test build dist tools tools-test test-native test-wasm test-e2e bench clean

serve: build
	@echo "Tak is served at http://localhost:$(PORT)/  (Ctrl-C to stop)"
	@/usr/bin/python3 -m http.server $(PORT) --bind 127.0.0.1

test: tools-test test-native test-wasm test-e2e

tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@command -v wasm-pack >/dev/null || cargo install --locked wasm-pack
	@wasm-bindgen --version 2>/dev/null | grep -qF "$(WASM_BINDGEN_VERSION)" || cargo install wasm-bindgen-cli --version "$(WASM_BINDGEN_VERSION)"
	@[ -x node_modules/.bin/wasm-opt ] && [ -d node_modules/playwright-core ] && [ -d node_modules/axe-core ] || npm ci --no-audit --no-fund

tools-test: tools
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
		{ $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium chromium-driver; }

build: tools
	wasm-pack build --target web --release --mode no-install --no-pack --out-dir pkg

test-native:
	cargo test --release

test-wasm: tools-test
	wasm-pack test --headless --chrome --mode no-install -- --test wasm

test-e2e: dist tools-test
	node --test --test-concurrency=1 tests/e2e/

bench: build tools-test
	cargo bench --bench perft
	node tests/e2e/bench.mjs

clean:
	cargo clean
	rm -rf pkg dist

# A self-contained folder of static files with relative paths only: works from any sub-path
# (GitHub Pages) and, where the browser allows, from file://. The service worker's cache is
# versioned by a hash of everything else.
dist: build
	rm -rf dist
	mkdir -p dist/www/icons dist/pkg
	cp index.html embed.html manifest.webmanifest dist/
	cp www/*.js www/*.css www/*.html dist/www/
	cp www/icons/* dist/www/icons/
	cp pkg/tak.js pkg/tak_bg.wasm dist/pkg/
	node scripts/dist-sw.mjs sw.js dist
	touch dist/.nojekyll
	@echo "dist/ is ready: $$(du -sh dist | cut -f1)"
