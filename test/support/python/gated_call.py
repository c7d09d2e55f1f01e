# One call of a gated built-in tool through the official Python MCP client (PyPI `mcp`) and
# its default input_required driver, as a desktop client makes it: the elicitation callback
# accepts a URL request at once (the person agreed to open the link), and the driver continues
# the call. Prints a JSON line per elicitation ({"elicited": url}) as it happens, so the test can
# act as the person on the page, then one line with the outcome.
#
#   SEIZU_TOKEN=... python gated_call.py <mcp url> <tool> <arguments as JSON>
import asyncio
import json
import os
import sys
import time

import mcp.types as types
from mcp import Client, InputRequiredRoundsExceededError
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def emit(value: dict) -> None:
    print(json.dumps(value), flush=True)


async def main() -> None:
    url, tool, arguments = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    elicitations: list[str] = []

    async def accept_link(_context, params: types.ElicitRequestParams) -> types.ElicitResult:
        link = getattr(params, "url", None)
        elicitations.append(link)
        emit({"elicited": link, "mode": params.mode})
        return types.ElicitResult(action="accept")

    # The SDK's own HTTP client (its recommended timeouts), with the caller's bearer token.
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {os.environ['SEIZU_TOKEN']}"})
    started = time.monotonic()
    async with Client(streamable_http_client(url, http_client=http), elicitation_callback=accept_link) as client:
        protocol = client.session.protocol_version
        try:
            result = await client.call_tool(tool, arguments)
        except InputRequiredRoundsExceededError as error:
            emit({"error": type(error).__name__, "elicitations": len(elicitations), "seconds": time.monotonic() - started})
            return
    emit(
        {
            "protocol": protocol,
            "elicitations": len(elicitations),
            "is_error": bool(result.is_error),
            "structured": result.structured_content,
            "text": " ".join(block.text for block in result.content if isinstance(block, types.TextContent)),
            "seconds": time.monotonic() - started,
        }
    )


asyncio.run(main())
