#!/usr/bin/env python3
"""The MCP example (examples/mcp, an rmcp server over stdio) driven by the
official MCP Python SDK, once per dated protocol version of the MCP schemas
beside the clone (../shared/mcp-schema/<version>/schema.json, or
$SPONSON_CODES_MCP_SCHEMAS).

For each version the SDK's client negotiates it (the `initialize` handshake
up to 2025-11-25, `server/discover` from 2026-07-28 on) and then:

- lists the tools: the three, each with an output schema (a valid JSON
  Schema 2020-12) whose codes are exactly the tool's declared set;
- calls a tool that succeeds (the SDK checks its structured content against
  the output schema, and so does this script);
- calls a tool that fails with a code, with a retryable code, with arguments
  that do not deserialize (the usage code, as a tool error), and a tool that
  panics (the fallback code, no panic text), each checked against the tool's
  output schema;
- calls a tool the server does not have: a JSON-RPC error, not a result;
- checks that the server still answers after the panic, and that each
  coded failure was one tracing event on its stderr, with `error.type`.

Every message the server sent (read off the transport, before the SDK
parses it) is validated against that version's `ListToolsResult`,
`CallToolResult` or JSON-RPC error definition.

The SDK, jsonschema and the rest are pinned in tests/servers/requirements.txt
and installed on first use outside the clone (scripts/pyvenv.py).

    python3 scripts/check_mcp_client.py   # after `cargo build -p mcp-example`
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
REQUIREMENTS = os.path.join(ROOT, "tests", "servers", "requirements.txt")
# Relative to the current directory, as cargo reads it.
TARGET = os.path.abspath(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")))
SERVER = os.path.join(TARGET, "debug", "mcp-plans")
SCHEMAS = os.environ.get("SPONSON_CODES_MCP_SCHEMAS", os.path.join(ROOT, "..", "shared", "mcp-schema"))
if not os.path.isabs(SCHEMAS):
    SCHEMAS = os.path.join(ROOT, SCHEMAS)

# What the example declares: each tool's codes (its set, the usage code and
# the fallback), in the enum's order.
TOOL_CODES = {
    "panic": ["BAD_ARGUMENTS", "INTERNAL"],
    "plan_show": ["BAD_ARGUMENTS", "PLAN_NOT_FOUND", "INTERNAL"],
    "run_start": ["BAD_ARGUMENTS", "PLAN_NOT_FOUND", "LOCK_HELD", "INTERNAL"],
}
PANIC_TEXT = "hunter2"


class Failed(Exception):
    """A check that did not hold."""


def fail(message):
    raise Failed(message)


def failure_in(error):
    """The `Failed` inside what a task group raised, else `None`."""
    if isinstance(error, Failed):
        return error
    for inner in getattr(error, "exceptions", ()):
        found = failure_in(inner)
        if found is not None:
            return found
    return None


def in_venv():
    """Runs this script again under the pinned environment's Python."""
    from pyvenv import rerun_in, venv

    rerun_in(venv(REQUIREMENTS, "servers"))


def versions():
    if not os.path.isdir(SCHEMAS):
        fail(f"{SCHEMAS} is absent: the MCP schemas of each dated version go in <dir>/<version>/schema.json")
    found = sorted(v for v in os.listdir(SCHEMAS) if os.path.isfile(os.path.join(SCHEMAS, v, "schema.json")))
    if not found:
        fail(f"{SCHEMAS} holds no <version>/schema.json")
    return found


class Spec:
    """One dated MCP schema: a validator for each of its definitions."""

    def __init__(self, version):
        import json

        import jsonschema

        with open(os.path.join(SCHEMAS, version, "schema.json")) as f:
            self.document = json.load(f)
        self.version = version
        self.defs = "$defs" if "$defs" in self.document else "definitions"
        self.jsonschema = jsonschema

    def check(self, name, value, what):
        if name not in self.document[self.defs]:
            fail(f"{self.version}: the schema has no `{name}`")
        schema = dict(self.document, **{"$ref": f"#/{self.defs}/{name}"})
        validator = self.jsonschema.validators.validator_for(self.document)(schema)
        errors = sorted(validator.iter_errors(value), key=str)
        if errors:
            fail(f"{self.version}: {what} is not a valid {name}: {errors[0].message}\n{value}")

    def error_response(self):
        return "JSONRPCErrorResponse" if "JSONRPCErrorResponse" in self.document[self.defs] else "JSONRPCError"


def against_output_schema(tool, schema, result, what):
    import jsonschema

    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(result["structuredContent"]), key=str)
    if errors:
        fail(f"{what}: the structured content does not match {tool}'s output schema: {errors[0].message}")


async def session_at(spec, errlog):
    """Runs every scenario against a new server at `spec`'s version."""
    import anyio
    import mcp.client.session as client_session
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp import MCPError as McpError

    sent = []  # every message the server sent, as it sent it

    async def tap(read, forward):
        async with forward:
            async for item in read:
                if not isinstance(item, Exception):
                    sent.append(item.message.model_dump(by_alias=True, mode="json", exclude_unset=True))
                await forward.send(item)

    params = StdioServerParameters(command=SERVER, args=[], env={"PATH": os.environ.get("PATH", "")})
    async with stdio_client(params, errlog=errlog) as (read, write):
        forward, tapped = anyio.create_memory_object_stream(100)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(tap, read, forward)
            async with ClientSession(tapped, write) as session:
                if spec.version in client_session.HANDSHAKE_PROTOCOL_VERSIONS:
                    # The handshake offers the SDK's newest handshake version;
                    # offer this one instead, as an older client would.
                    client_session.LATEST_HANDSHAKE_VERSION = spec.version
                    await session.initialize()
                else:
                    await session.discover()
                if session.protocol_version != spec.version:
                    fail(f"negotiated {session.protocol_version}, not {spec.version}")
                calls = await scenarios(session, McpError)
            tasks.cancel_scope.cancel()
    return sent, calls


async def scenarios(session, McpError):
    """Lists and calls the tools; each call's outcome by its name."""
    listed = await session.list_tools()
    tools = {tool.name: tool for tool in listed.tools}
    if sorted(tools) != sorted(TOOL_CODES):
        fail(f"the server lists {sorted(tools)}, not {sorted(TOOL_CODES)}")
    schemas = {}
    import jsonschema

    for name, tool in tools.items():
        schema = tool.output_schema
        if schema is None:
            fail(f"tool {name} has no output schema")
        jsonschema.Draft202012Validator.check_schema(schema)
        codes = schema["$defs"]["code"]["enum"]
        if codes != TOOL_CODES[name]:
            fail(f"tool {name}'s output schema lists {codes}, not its declared set {TOOL_CODES[name]}")
        schemas[name] = schema

    outcomes = {}

    async def call(label, tool, arguments):
        result = await session.call_tool(tool, arguments)
        outcomes[label] = (tool, result.model_dump(by_alias=True, mode="json", exclude_none=True))

    await call("success", "plan_show", {"name": "deploy"})
    await call("started", "run_start", {"plan": "deploy", "scope": "staging"})
    await call("coded failure", "plan_show", {"name": "nope"})
    await call("retryable failure", "run_start", {"plan": "deploy", "scope": "prod"})
    await call("bad arguments", "plan_show", {"nam": "deploy"})
    await call("wrong type", "run_start", {"plan": 7, "scope": "prod"})
    await call("panic", "panic", {})
    await call("after the panic", "plan_show", {"name": "deploy"})
    try:
        await session.call_tool("plan_delete", {"name": "deploy"})
        fail("an unknown tool answered with a result, not a JSON-RPC error")
    except McpError as error:
        if error.error.code != -32602:
            fail(f"an unknown tool's JSON-RPC error has code {error.error.code}, not -32602")

    expected = {
        "success": (False, None),
        "started": (False, None),
        "coded failure": (True, "PLAN_NOT_FOUND"),
        "retryable failure": (True, "LOCK_HELD"),
        "bad arguments": (True, "BAD_ARGUMENTS"),
        "wrong type": (True, "BAD_ARGUMENTS"),
        "panic": (True, "INTERNAL"),
        "after the panic": (False, None),
    }
    for label, (tool, result) in outcomes.items():
        is_error, code = expected[label]
        if result.get("isError", False) != is_error:
            fail(f"{label}: isError is {result.get('isError')}, not {is_error}")
        document = result.get("structuredContent")
        if not isinstance(document, dict):
            fail(f"{label}: no structured content")
        if document.get("ok") is is_error:
            fail(f"{label}: `ok` is {document.get('ok')} with isError {is_error}")
        if document.get("command") != tool:
            fail(f"{label}: the document names command {document.get('command')!r}, not {tool!r}")
        if code is not None and document["error"]["code"] != code:
            fail(f"{label}: code {document['error']['code']}, not {code}")
        texts = [block["text"] for block in result["content"] if block["type"] == "text"]
        import json

        if [json.loads(text) for text in texts] != [document]:
            fail(f"{label}: the text content is not the structured content")
        against_output_schema(tool, schemas[tool], result, label)
    if PANIC_TEXT in str(outcomes["panic"][1]):
        fail("the panic's text reached the client")
    if outcomes["retryable failure"][1]["structuredContent"]["error"].get("retry_after") != 30:
        fail("the retryable failure lost its retry_after detail")
    return outcomes


def check_sent(spec, sent):
    """Every response the server sent, valid under `spec`."""
    counts = {"ListToolsResult": 0, "CallToolResult": 0, "error": 0}
    for message in sent:
        if "error" in message:
            spec.check(spec.error_response(), message, f"response {message.get('id')}")
            counts["error"] += 1
        elif "tools" in message.get("result", {}):
            spec.check("ListToolsResult", message["result"], "the tools list")
            counts["ListToolsResult"] += 1
        elif "content" in message.get("result", {}):
            spec.check("CallToolResult", message["result"], f"the result of call {message.get('id')}")
            counts["CallToolResult"] += 1
    if counts != {"ListToolsResult": 1, "CallToolResult": 8, "error": 1}:
        fail(f"{spec.version}: the server sent {counts}")
    return counts


def check_events(log):
    """Each coded failure one tracing event with its `error.type`."""
    for code, times in (("PLAN_NOT_FOUND", 1), ("LOCK_HELD", 1), ("BAD_ARGUMENTS", 2), ("INTERNAL", 1)):
        found = log.count(f'error.type="{code}"')
        if found != times:
            fail(f"the server's stderr has {found} events with error.type={code}, not {times}:\n{log}")


def main():
    try:
        checks()
    except BaseException as error:
        failed = failure_in(error)
        if failed is None:
            raise
        sys.exit(f"check_mcp_client: {failed}")


def checks():
    in_venv()
    import anyio

    if not os.path.exists(SERVER):
        subprocess.run(["cargo", "build", "--quiet", "-p", "mcp-example"], cwd=ROOT, check=True)
    for version in versions():
        spec = Spec(version)
        with tempfile.TemporaryFile("w+") as errlog:
            sent, calls = anyio.run(session_at, spec, errlog)
            errlog.seek(0)
            log = errlog.read()
        counts = check_sent(spec, sent)
        check_events(log)
        print(
            f"MCP {version}: tools/list with 3 output schemas, {len(calls)} tool results "
            f"and 1 unknown tool's error, {sum(counts.values())} responses valid under schema.json"
        )


if __name__ == "__main__":
    main()
