#!/usr/bin/env python3
"""Serves a folder on localhost, as GitHub Pages serves dist/: every answer allows any origin
(a <tak-board> element on another site loads its module, wasm and catalogues from here with
CORS) and .wasm goes as application/wasm. `make serve` and the end-to-end tests use it.

Usage: serve.py PORT DIR
"""
import functools
import http.server
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, '.wasm': 'application/wasm'}

    def end_headers(self):
        self.send_header('Access-Control-Allow-Origin', '*')
        super().end_headers()

    def log_request(self, code='-', size='-'):
        # Only what failed: one line per file fetched would bury the URL `make serve` prints.
        if str(code).isdigit() and int(code) >= 400:
            super().log_request(code, size)


if __name__ == '__main__':
    port, folder = int(sys.argv[1]), sys.argv[2]
    server = http.server.ThreadingHTTPServer(('127.0.0.1', port), functools.partial(Handler, directory=folder))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
