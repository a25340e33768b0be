"""Drives `threadai mcp` with the official MCP Python SDK (`pip install mcp`), as an agent would.

Usage: sdk_client.py THREADAI REPO CALLS.json [legacy|auto]

Connects over stdio (the SDK's own client, started in REPO), initializes, lists the tools, the
resource templates and the resources, calls each tool of CALLS.json ({"calls": [[tool, {arguments}], ...],
"reads": [uri, ...]}) and reads each resource; prints one JSON object with everything it got, for
the Swift test (Tests/EndToEndTests/MCPSDKTests.swift) to compare with what the CLI prints.
Mode `auto` uses the SDK's unified `Client` (it tries the newest protocol first and falls back to
the initialize handshake); `legacy` its `ClientSession` with the handshake alone.
"""
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def text_of(result):
    return "".join(block.text for block in result.content if getattr(block, "type", "") == "text")


async def exercise(session, plan, out):
    tools = await session.list_tools()
    out["tools"] = [
        {"name": t.name, "readOnly": bool(t.annotations and t.annotations.read_only_hint),
         "required": list((t.input_schema or {}).get("required", []))}
        for t in tools.tools
    ]
    templates = await session.list_resource_templates()
    out["templates"] = [t.uri_template for t in templates.resource_templates]
    resources = await session.list_resources()
    out["resources"] = [str(r.uri) for r in resources.resources]
    out["calls"] = []
    for name, arguments in plan["calls"]:
        try:
            result = await session.call_tool(name, arguments)
            out["calls"].append({"tool": name, "isError": bool(result.is_error), "text": text_of(result)})
        except Exception as error:  # a JSON-RPC error: the protocol's answer to bad arguments
            out["calls"].append({"tool": name, "protocolError": str(error)})
    out["reads"] = []
    for uri in plan.get("reads", []):
        try:
            result = await session.read_resource(uri)
            out["reads"].append({"uri": uri, "text": "".join(getattr(c, "text", "") for c in result.contents)})
        except Exception as error:
            out["reads"].append({"uri": uri, "protocolError": str(error)})


async def main():
    binary, repo, plan_path = sys.argv[1], sys.argv[2], sys.argv[3]
    mode = sys.argv[4] if len(sys.argv) > 4 else "legacy"
    plan = json.load(open(plan_path))
    params = StdioServerParameters(command=binary, args=["mcp"], cwd=repo)
    out = {"mode": mode}
    if mode == "auto":
        from mcp import Client
        async with Client(params) as client:
            out["protocolVersion"] = getattr(client, "protocol_version", None) or getattr(
                getattr(client, "session", None), "_negotiated_version", None)
            await exercise(client, plan, out)
    else:
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                initialized = await session.initialize()
                out["protocolVersion"] = initialized.protocol_version
                out["serverName"] = initialized.server_info.name
                await exercise(session, plan, out)
    print(json.dumps(out))


asyncio.run(main())
