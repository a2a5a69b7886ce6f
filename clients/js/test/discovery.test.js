// Finding the daemon without one running: the data folder as widgethost resolves it, and the
// errors when no daemon serves, or serves where fetch cannot go.

import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { ErrorCode, WidgetHostClient, WidgetHostError, resolveDataDir } from "../index.js";

describe("finding the daemon", () => {
  let folder;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "widgethost-js-discovery-"));
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test("the data folder is resolved as widgethost resolves it", () => {
    assert.equal(resolveDataDir({ WIDGETHOST_DATA_DIR: "/d", XDG_DATA_HOME: "/x", HOME: "/h" }), "/d");
    assert.equal(resolveDataDir({ XDG_DATA_HOME: "/x", HOME: "/h" }), "/x/widgethost");
    assert.equal(resolveDataDir({ XDG_DATA_HOME: "relative", HOME: "/h" }), "/h/.local/share/widgethost");
    assert.equal(resolveDataDir({ WIDGETHOST_DATA_DIR: "", HOME: "/h" }), "/h/.local/share/widgethost");
    assert.equal(new WidgetHostClient({ env: { WIDGETHOST_DATA_DIR: "/d" } }).dataDir, "/d");
    assert.equal(new WidgetHostClient({ dataDir: "/o", env: { WIDGETHOST_DATA_DIR: "/d" } }).dataDir, "/o");
  });

  test("no address file: notRunning, naming the file", async () => {
    const client = new WidgetHostClient({ dataDir: folder });
    await assert.rejects(client.getValues("group.example.app"), (error) => {
      assert.ok(error instanceof WidgetHostError);
      assert.equal(error.code, ErrorCode.notRunning);
      assert.equal(error.status, null);
      assert.match(error.message, /http\.address/);
      return true;
    });
  });

  test("a unix socket address: unsupportedAddress, saying why", async () => {
    const dataDir = join(folder, "unix");
    await mkdir(dataDir);
    await writeFile(join(dataDir, "http.address"), "unix:/run/user/1000/widgethost.sock\n");
    const client = new WidgetHostClient({ dataDir });
    await assert.rejects(client.reloadAllTimelines(), (error) => {
      assert.equal(error.code, ErrorCode.unsupportedAddress);
      assert.match(error.message, /unix socket \/run\/user\/1000\/widgethost\.sock.*fetch/);
      return true;
    });
  });

  test("an address nobody listens on: notRunning", async () => {
    const server = createServer();
    await new Promise((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address();
    await new Promise((done) => server.close(done));
    const dataDir = join(folder, "stale");
    await mkdir(dataDir);
    await writeFile(join(dataDir, "http.address"), `http://127.0.0.1:${port}/\n`);
    await writeFile(join(dataDir, "http.token"), "0".repeat(64));
    const client = new WidgetHostClient({ dataDir });
    assert.deepEqual(await client.endpoint(), { baseURL: `http://127.0.0.1:${port}/`, token: "0".repeat(64) });
    await assert.rejects(client.currentConfigurations(), (error) => {
      assert.equal(error.code, ErrorCode.notRunning);
      assert.match(error.message, /ECONNREFUSED/);
      return true;
    });
  });
});
