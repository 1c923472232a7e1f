"""Schemathesis hooks for scripts/contract (loaded through SCHEMATHESIS_HOOKS; standard library only).

One auth provider for every operation: the token is the one for the security scheme the operation names in
`/openapi.json` (`attendee`, `changeJar`, `salesforce`), so the document, not a list of path rules here, says
which token goes where. Sign-out is the exception: it ends the token it is sent with, so each of its requests
signs in afresh and ends a session of its own, and the token every other Attendee request uses stays alive.

It also makes `ast.parse` take a lock (see `serialized_ast_parse`), and lets two refusals of schema-valid data
stand (see `filter_failure`): a text over its limit in characters as people see them, and a cursor the server
did not give out.
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


def over_grapheme_limit(schema, value, document, seen=()):
    """Whether `value`, read against `schema` (a part of `document`, its `$ref`s followed), holds a text longer
    in code points than the `x-maxGraphemes` its schema states.

    A person's text is limited in grapheme clusters (what they see as one character), which JSON Schema cannot
    count: `maxLength` counts code points, so the document states the limit as `x-maxGraphemes` beside a looser
    `maxLength`, and a text within the `maxLength` may still be refused. A text of no more code points than the
    limit is within it (a cluster holds at least one code point), so only a longer one may be refused."""
    if not isinstance(schema, dict):
        return False
    reference = schema.get("$ref", "")
    if reference.startswith("#/components/schemas/"):
        name = reference.rsplit("/", 1)[1]
        target = document.get("components", {}).get("schemas", {}).get(name)
        return name not in seen and over_grapheme_limit(target, value, document, seen + (name,))
    if isinstance(value, str) and isinstance(schema.get("x-maxGraphemes"), (int, float)):
        if len(value) > schema["x-maxGraphemes"]:
            return True
    for key in ("anyOf", "oneOf", "allOf"):
        if any(over_grapheme_limit(part, value, document, seen) for part in schema.get(key, [])):
            return True
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        return any(over_grapheme_limit(properties.get(name), item, document, seen) for name, item in value.items())
    if isinstance(value, list):
        return any(over_grapheme_limit(schema.get("items"), item, document, seen) for item in value)
    return False


def request_schemas(case):
    """(schema, value) for the case's JSON body and each of its query parameters."""
    raw = case.operation.definition.raw
    media = raw.get("requestBody", {}).get("content", {}).get("application/json", {})
    if "schema" in media and case.body is not None:
        yield media["schema"], case.body
    query = case.query or {}
    for parameter in raw.get("parameters", []):
        if parameter.get("in") == "query" and parameter.get("name") in query:
            yield parameter.get("schema"), query[parameter["name"]]


def refused_issued_value(case, response):
    """Whether `response` is a 400 naming (in its problem's `field`) a query parameter the case sent and the
    document marks `x-issuedByServer`: a cursor or position only the server gives out, which a schema can give
    the form of but not tell from a made-up one, so a generated value of that form is refused."""
    try:
        problem = response.json()
    except ValueError:
        return False
    field = problem.get("field") if isinstance(problem, dict) else None
    if field is None or field not in (case.query or {}):
        return False
    return any(
        parameter.get("in") == "query" and parameter.get("name") == field and parameter.get("x-issuedByServer") is True
        for parameter in case.operation.definition.raw.get("parameters", []))


def reused_idempotency_key(case, response):
    """Whether `response` is a 422 naming (in its problem's `field`) the `Idempotency-Key` header the case sent
    and the operation documents: the generator sends one well-formed key with several bodies, and a key used
    before with another request is refused (the IETF draft's 422), which no schema can say."""
    try:
        problem = response.json()
    except ValueError:
        return False
    field = problem.get("field") if isinstance(problem, dict) else None
    sent = {name.lower() for name in (getattr(case, "headers", None) or {})}
    if field != IDEMPOTENCY_KEY or field.lower() not in sent:
        return False
    return any(
        parameter.get("in") == "header" and parameter.get("name") == field
        for parameter in case.operation.definition.raw.get("parameters", []))


IDEMPOTENCY_KEY = "Idempotency-Key"


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but three refusals of schema-valid data, which no schema can rule out:
    * a 422 because a text in the request is over its `x-maxGraphemes` (see `over_grapheme_limit`);
    * a 422 because the `Idempotency-Key` sent was used before with another request (`reused_idempotency_key`);
    * a 400 naming a query parameter whose value only the server gives out (see `refused_issued_value`).
    Any other 422 or 400 to schema-valid data still fails the run."""
    if failure.code != "ST202":
        return True
    if response.status_code == 400:
        return not refused_issued_value(case, response)
    if response.status_code != 422:
        return True
    if reused_idempotency_key(case, response):
        return False
    document = case.operation.schema.raw_schema
    return not any(over_grapheme_limit(schema, value, document) for schema, value in request_schemas(case))
