"""Tests of scripts/contract_hooks.py's failure filter; `scripts/contract` runs them with the venv's Python
before it fuzzes (`python -m unittest contract_hooks_test`, from scripts/)."""

import json
import os
import sys
import types
import unittest

os.environ.setdefault("QUARTET_CONTRACT_TOKENS", "{}")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import contract_hooks  # noqa: E402  (beside this file)

LIMITED = {"type": "string", "maxLength": 16000, "x-maxGraphemes": 2000}
DOCUMENT = {
    "components": {
        "schemas": {
            "Option": {"type": "object", "properties": {"text": {"type": "string", "x-maxGraphemes": 100}}},
            "Question": {
                "type": "object",
                "properties": {"options": {"type": "array", "items": {"$ref": "#/components/schemas/Option"}}},
            },
            "Loop": {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/Loop"}}},
        }
    }
}


def reply_operation():
    return {"requestBody": {"content": {"application/json": {"schema": {
        "type": "object", "properties": {"text": LIMITED}}}}}}


def poll_operation():
    return {"requestBody": {"content": {"application/json": {"schema": {
        "type": "object", "properties": {
            "title": {"type": ["string", "null"], "anyOf": [{"type": "string", "x-maxGraphemes": 200}]},
            "questions": {"type": "array", "items": {"$ref": "#/components/schemas/Question"}}}}}}}}


def search_operation():
    return {"parameters": [{"in": "query", "name": "q", "schema": {"type": "string", "x-maxGraphemes": 200}}]}


def wall_operation():
    return {"parameters": [
        {"in": "path", "name": "eventID", "schema": {"type": "string"}},
        {"in": "query", "name": "cursor", "x-issuedByServer": True, "schema": {"type": "string"}},
        {"in": "query", "name": "q", "schema": {"type": "string"}}]}


def note_operation():
    return {"parameters": [
        {"in": "path", "name": "eventID", "schema": {"type": "string"}},
        {"in": "header", "name": "Idempotency-Key", "required": False, "schema": {"type": "string"}}]}


def case(operation, body=None, query=None, headers=None):
    schema = types.SimpleNamespace(raw_schema=DOCUMENT)
    definition = types.SimpleNamespace(raw=operation)
    return types.SimpleNamespace(
        operation=types.SimpleNamespace(definition=definition, schema=schema), body=body, query=query,
        headers=headers)


class Response:
    def __init__(self, status, body):
        self.status_code = status
        self.body = body

    def json(self):
        return json.loads(self.body)


def kept(code, status, case_, body="{}"):
    failure = types.SimpleNamespace(code=code)
    return contract_hooks.filter_failure(None, failure, case_, Response(status, body))


def problem(field):
    return json.dumps({"title": "Bad Request", "status": 400, "field": field})


class OverGraphemeLimitTests(unittest.TestCase):
    def test_a_text_is_over_only_past_its_limit_in_code_points(self):
        schema = {"type": "object", "properties": {"text": LIMITED}}
        self.assertFalse(contract_hooks.over_grapheme_limit(schema, {"text": "0" * 2000}, DOCUMENT))
        self.assertTrue(contract_hooks.over_grapheme_limit(schema, {"text": "0" * 2001}, DOCUMENT))

    def test_references_arrays_and_alternatives_are_followed(self):
        body = {"questions": [{"options": [{"text": "yes"}, {"text": "n" * 101}]}]}
        schema = poll_operation()["requestBody"]["content"]["application/json"]["schema"]
        self.assertTrue(contract_hooks.over_grapheme_limit(schema, body, DOCUMENT))
        self.assertFalse(contract_hooks.over_grapheme_limit(
            schema, {"questions": [{"options": [{"text": "n" * 100}]}]}, DOCUMENT))
        self.assertTrue(contract_hooks.over_grapheme_limit(schema, {"title": "t" * 201}, DOCUMENT))

    def test_a_text_without_a_stated_limit_and_a_reference_loop_are_not_over(self):
        self.assertFalse(contract_hooks.over_grapheme_limit({"type": "string"}, "x" * 100000, DOCUMENT))
        self.assertFalse(contract_hooks.over_grapheme_limit(
            {"$ref": "#/components/schemas/Loop"}, {"next": {"next": {"next": None}}}, DOCUMENT))


class FilterFailureTests(unittest.TestCase):
    def test_a_422_to_a_text_over_its_limit_is_dropped(self):
        self.assertFalse(kept("ST202", 422, case(reply_operation(), body={"text": "0" * 15999})))
        self.assertFalse(kept("ST202", 422, case(search_operation(), query={"q": "q" * 201})))

    def test_a_422_to_text_within_its_limit_still_fails_the_run(self):
        self.assertTrue(kept("ST202", 422, case(reply_operation(), body={"text": "0" * 2000})))
        self.assertTrue(kept("ST202", 422, case(search_operation(), query={"q": "q" * 200})))

    def test_every_other_failure_and_status_is_kept(self):
        long_reply = case(reply_operation(), body={"text": "0" * 15999})
        self.assertTrue(kept("ST202", 400, long_reply))
        self.assertTrue(kept("ST202", 500, long_reply))
        self.assertTrue(kept("ST203", 422, long_reply))


class IssuedValueTests(unittest.TestCase):
    def test_a_400_naming_a_sent_issued_parameter_is_dropped(self):
        self.assertFalse(kept("ST202", 400, case(wall_operation(), query={"cursor": "AAAA"}), problem("cursor")))

    def test_a_400_naming_another_or_an_unsent_parameter_still_fails_the_run(self):
        self.assertTrue(kept("ST202", 400, case(wall_operation(), query={"q": "x"}), problem("q")))
        self.assertTrue(kept("ST202", 400, case(wall_operation(), query={"q": "x"}), problem("cursor")))
        self.assertTrue(kept("ST202", 400, case(wall_operation(), query={"cursor": "AAAA"}), problem("eventID")))
        self.assertTrue(kept("ST202", 400, case(search_operation(), query={"q": "x"}), problem("q")))

    def test_a_400_without_a_problem_naming_a_field_still_fails_the_run(self):
        sent = case(wall_operation(), query={"cursor": "AAAA"})
        self.assertTrue(kept("ST202", 400, sent, "not json"))
        self.assertTrue(kept("ST202", 400, sent, "[]"))
        self.assertTrue(kept("ST202", 400, sent, json.dumps({"title": "Bad Request", "status": 400})))

    def test_only_a_400_to_schema_valid_data_is_dropped(self):
        sent = case(wall_operation(), query={"cursor": "AAAA"})
        self.assertTrue(kept("ST202", 422, sent, problem("cursor")))
        self.assertTrue(kept("ST202", 500, sent, problem("cursor")))
        self.assertTrue(kept("ST203", 400, sent, problem("cursor")))


if __name__ == "__main__":
    unittest.main()


class ReusedIdempotencyKeyTests(unittest.TestCase):
    def test_a_422_naming_a_sent_documented_key_is_dropped(self):
        sent = case(note_operation(), headers={"idempotency-key": "k1"})
        self.assertFalse(kept("ST202", 422, sent, problem("Idempotency-Key")))

    def test_a_422_naming_another_field_an_unsent_or_undocumented_key_still_fails_the_run(self):
        self.assertTrue(kept("ST202", 422, case(note_operation(), headers={"Idempotency-Key": "k"}), problem("text")))
        self.assertTrue(kept("ST202", 422, case(note_operation()), problem("Idempotency-Key")))
        self.assertTrue(kept(
            "ST202", 422, case(wall_operation(), headers={"Idempotency-Key": "k"}), problem("Idempotency-Key")))

    def test_only_a_422_is_dropped(self):
        sent = case(note_operation(), headers={"Idempotency-Key": "k1"})
        self.assertTrue(kept("ST202", 400, sent, problem("Idempotency-Key")))
        self.assertTrue(kept("ST203", 422, sent, problem("Idempotency-Key")))
