"""Schemathesis hooks for scripts/contract (loaded through SCHEMATHESIS_HOOKS; standard library only).

One auth provider for every operation: the token is the one for the security scheme the operation names in
`/openapi.json` (`attendee`, `changeJar`, `salesforce`), so the document, not a list of path rules here, says
which token goes where. Sign-out is the exception: it ends the token it is sent with, so each of its requests
signs in afresh and ends a session of its own, and the token every other Attendee request uses stays alive.

It also makes `ast.parse` take a lock (see `serialized_ast_parse`).
"""

import ast
import functools
import json
import os
import threading
import urllib.request

import schemathesis

SIGN_OUT = "/attendee/v1/auth/signout"


def serialized_ast_parse(parse):
    """`parse`, one call at a time.

    Schemathesis runs `--workers` threads, and Hypothesis describes strategies by parsing their source with
    `ast.parse`. CPython before the fix for python/cpython#106905 (3.11.7 here, and Debian 12's 3.11.2)
    keeps the AST converter's recursion depth in state the threads share and does not restore it on an error
    path, so two parses at once can fail with `SystemError: AST constructor recursion depth mismatch`: an
    error of the tool, which the run reported as a failure although the server answered every request."""
    lock = threading.Lock()

    @functools.wraps(parse)
    def locked(*arguments, **keywords):
        with lock:
            return parse(*arguments, **keywords)

    return locked


ast.parse = serialized_ast_parse(ast.parse)


@schemathesis.auth(refresh_interval=None)
class QuartetTokens:
    def __init__(self):
        self.tokens = json.loads(os.environ["QUARTET_CONTRACT_TOKENS"])

    def get(self, case, context):
        if case.operation.path == SIGN_OUT:
            return self.fresh_attendee_session()
        for requirement in case.operation.definition.raw.get("security", []):
            for scheme in requirement:
                if scheme in self.tokens:
                    return self.tokens[scheme]
        return None

    def set(self, case, token, context):
        if token is not None:
            case.headers = case.headers or {}
            case.headers["Authorization"] = f"Bearer {token}"

    @staticmethod
    def fresh_attendee_session():
        account = json.loads(os.environ["QUARTET_CONTRACT_SIGN_OUT_ACCOUNT"])
        request = urllib.request.Request(
            os.environ["QUARTET_CONTRACT_BASE"] + "/attendee/v1/auth/signin", method="POST",
            data=json.dumps(account).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())["token"]
