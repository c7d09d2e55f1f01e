# A desktop client's session through the official Python MCP client (PyPI `mcp`) and its
# built-in OAuth flow, told only the MCP URL: the SDK discovers the authorization server,
# registers itself, and asks for the browser to be opened; the person's browser comes back to
# this script's loopback redirect URI with the code. Then one call of `tool`, the access token
# treated as expired, and a second call, for which the SDK refreshes.
#
# Prints JSON lines: {"authorize": url} when the browser should open, {"call": n, ...} per call,
# then {"tokens": [...]} (each token set the SDK stored), or {"error": ...} if the flow failed.
#
#   python oauth_session.py <mcp url> <tool> <arguments as JSON>
import asyncio
import json
import sys
import time
from urllib.parse import parse_qs, urlparse

import mcp.types as types
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken


def emit(value: dict) -> None:
    print(json.dumps(value), flush=True)


class MemoryStorage:
    def __init__(self) -> None:
        self.tokens: list[OAuthToken] = []
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens[-1] if self.tokens else None

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens.append(tokens)

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


class LoopbackRedirect:
    """The loopback redirect URI (RFC 8252 §7.3): takes the one authorization response."""

    def __init__(self) -> None:
        self.response: asyncio.Future[dict[str, str]] = asyncio.get_running_loop().create_future()

    async def start(self) -> str:
        self.server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        port = self.server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}/callback"

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        request_line = (await reader.readline()).decode()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        target = request_line.split(" ")[1] if " " in request_line else "/"
        parsed = urlparse(target)
        found = parsed.path == "/callback"
        body = b"You can close this window." if found else b""
        writer.write(b"HTTP/1.1 " + (b"200 OK" if found else b"404 Not Found"))
        writer.write(b"\r\ncontent-type: text/plain\r\ncontent-length: %d\r\nconnection: close\r\n\r\n" % len(body) + body)
        await writer.drain()
        writer.close()
        if found and not self.response.done():
            self.response.set_result({key: values[0] for key, values in parse_qs(parsed.query).items()})


async def main() -> None:
    url, tool, arguments = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    loopback = LoopbackRedirect()
    redirect_uri = await loopback.start()
    storage = MemoryStorage()

    async def open_browser(authorization_url: str) -> None:
        emit({"authorize": authorization_url})

    async def take_response() -> AuthorizationCodeResult:
        params = await loopback.response
        if "error" in params:
            raise RuntimeError(f"authorization refused: {params['error']}")
        return AuthorizationCodeResult(code=params["code"], state=params.get("state"), iss=params.get("iss"))

    oauth = OAuthClientProvider(
        server_url=url,
        client_metadata=OAuthClientMetadata(
            client_name="Seizu e2e Python client",
            redirect_uris=[redirect_uri],
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
            token_endpoint_auth_method="none",
        ),
        storage=storage,
        redirect_handler=open_browser,
        callback_handler=take_response,
    )

    async def call(n: int, client: Client) -> None:
        result = await client.call_tool(tool, arguments)
        text = " ".join(block.text for block in result.content if isinstance(block, types.TextContent))
        emit({"call": n, "is_error": bool(result.is_error), "structured": result.structured_content, "text": text})

    try:
        async with Client(streamable_http_client(url, http_client=create_mcp_http_client(auth=oauth))) as client:
            await call(1, client)
            # The access token's lifetime as the SDK keeps it (context.token_expiry_time) runs out
            # now rather than after MCP_EDGE_ACCESS_TOKEN_SECONDS: its next request refreshes first.
            oauth.context.token_expiry_time = time.time() - 1
            await call(2, client)
    except Exception as error:  # noqa: BLE001 - the outcome is reported to the test, not raised
        emit({"error": f"{type(error).__name__}: {error}"})
    finally:
        loopback.server.close()
    emit(
        {
            "client_id": storage.client.client_id if storage.client else None,
            "tokens": [{"access_token": t.access_token, "refresh_token": t.refresh_token} for t in storage.tokens],
        }
    )


asyncio.run(main())
