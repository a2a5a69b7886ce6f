// Both APIs against a real daemon: values written by one are what the store holds (read back in
// their wire form), reloads and pins reach it, and its refusals arrive as WidgetHostErrors.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { ErrorCode, ExtensionStorage, HomeWidget, WidgetHostClient, WidgetHostError } from "../index.js";
import { startDaemon } from "./daemon.js";

const group = "group.dev.widgethost.counter";

/** Asserts that `promise` rejects with a WidgetHostError of `code`. */
async function rejectsWith(promise, code, status) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof WidgetHostError, `not a WidgetHostError: ${error}`);
    assert.equal(error.code, code, error.message);
    if (status !== undefined) assert.equal(error.status, status);
    return true;
  });
}

describe("against a running daemon", () => {
  let daemon;
  let client;

  before(async () => {
    daemon = await startDaemon();
    // Found as the CLI finds it: the address and token files of the data folder.
    client = new WidgetHostClient({ env: { WIDGETHOST_DATA_DIR: daemon.dataDir } });
    HomeWidget.configure({ dataDir: daemon.dataDir });
  });

  after(async () => {
    await daemon?.stop();
  });

  describe("WidgetHostClient", () => {
    test("finds the daemon from the data folder", async () => {
      const { baseURL, token } = await client.endpoint();
      assert.equal(baseURL, daemon.url);
      assert.match(token, /^[0-9a-f]{32,}$/);
    });

    test("values make the round trip in their wire form", async () => {
      const values = {
        flag: { type: "bool", value: true },
        count: { type: "int", value: 42 },
        ratio: { type: "double", value: 0.25 },
        name: { type: "string", value: "héllo" },
        bytes: { type: "data", value: "AAEC/w==" },
        when: { type: "date", value: 1767225600.5 },
        doc: { type: "json", value: { a: [1, 2.5, null], b: "c" } },
      };
      for (const [key, value] of Object.entries(values)) await client.setValue(group, key, value);
      for (const [key, value] of Object.entries(values)) assert.deepEqual(await client.getValue(group, key), value, key);
      const all = await client.getValues(group);
      for (const [key, value] of Object.entries(values)) assert.deepEqual(all[key], value, key);
    });

    test("keys with slashes, spaces and dots are keys", async () => {
      for (const key of ["a/b c", "..", ".", "%2e", "ünï"]) {
        await client.setValue(group, key, { type: "string", value: key });
        assert.deepEqual(await client.getValue(group, key), { type: "string", value: key });
        await client.removeValue(group, key);
        await rejectsWith(client.getValue(group, key), ErrorCode.unknownKey, 404);
      }
    });

    test("a batch with one bad value writes nothing", async () => {
      await client.setValue(group, "kept", { type: "int", value: 1 });
      await rejectsWith(client.setValues(group, {
        kept: { type: "int", value: 2 }, added: { type: "string", value: "x" }, bad: { type: "int", value: "nope" },
      }), ErrorCode.invalidValue, 422);
      assert.deepEqual(await client.getValue(group, "kept"), { type: "int", value: 1 });
      await rejectsWith(client.getValue(group, "added"), ErrorCode.unknownKey);
      await client.setValues(group, { kept: null, added: { type: "string", value: "x" } });
      await rejectsWith(client.getValue(group, "kept"), ErrorCode.unknownKey);
      await rejectsWith(client.removeValue(group, "kept"), ErrorCode.unknownKey, 404);
    });

    test("a malformed group is refused", async () => {
      for (const bad of ["group.a/../b", "grup.example.app", "..", "group.a..b"]) {
        await rejectsWith(client.getValues(bad), ErrorCode.invalidGroup);
        await rejectsWith(client.setValue(bad, "k", { type: "int", value: 1 }), ErrorCode.invalidGroup);
      }
    });

    test("writes and a group's values need the token", async () => {
      const anonymous = new WidgetHostClient({ baseURL: daemon.url, token: "" });
      await rejectsWith(anonymous.setValue(group, "k", { type: "int", value: 1 }), ErrorCode.tokenRequired, 403);
      await rejectsWith(anonymous.reloadAllTimelines(), ErrorCode.tokenRequired, 403);
      await rejectsWith(anonymous.getValues(group), ErrorCode.tokenRequired, 403);
      assert.ok(Array.isArray(await anonymous.currentConfigurations()), "the widgets added need none on loopback");
      const explicit = new WidgetHostClient({ baseURL: daemon.url, token: (await client.endpoint()).token });
      assert.ok(await explicit.getValues(group));
    });

    test("reloads name kinds or all, and an unknown kind is refused", async () => {
      const named = await client.reloadTimelines(["CounterWidget"]);
      assert.deepEqual(named.kinds, ["CounterWidget"]);
      assert.equal(named.all, false);
      assert.equal(named.requestIds.length, 1);
      assert.equal(named.deliveredToRunningHost, true, "the daemon runs");
      const all = await client.reloadAllTimelines();
      assert.equal(all.all, true);
      assert.ok(all.kinds.includes("PillarWidget"));
      await rejectsWith(client.reloadTimelines(["NoSuchWidget"]), ErrorCode.unknownKind, 400);
    });
  });

  describe("HomeWidget", () => {
    test("needs an App Group", async () => {
      HomeWidget.groupId = null;
      await rejectsWith(HomeWidget.saveWidgetData("count", 1), ErrorCode.appGroupIdNotSet);
      await assert.rejects(HomeWidget.setAppGroupId(42), TypeError);
    });

    test("values are stored as home_widget stores them on iOS, and read back", async () => {
      assert.equal(await HomeWidget.setAppGroupId(group), true);
      const date = new Date(Date.UTC(2026, 0, 1, 9, 30));
      const cases = [
        ["bool", true, { type: "bool", value: true }],
        ["int", 42, { type: "int", value: 42 }],
        ["big", 2n ** 40n, { type: "int", value: 2 ** 40 }],
        ["double", 2.5, { type: "double", value: 2.5 }],
        ["string", "hello", { type: "string", value: "hello" }],
        ["bytes", new Uint8Array([0, 1, 255]), { type: "data", value: "AAH/" }],
        ["date", date, { type: "date", value: date.getTime() / 1000 }],
        ["map", { city: "Tokyo", temps: [1, 2.5] }, { type: "json", value: { city: "Tokyo", temps: [1, 2.5] } }],
        ["list", ["a", 1, false], { type: "json", value: ["a", 1, false] }],
      ];
      for (const [key, value, wire] of cases) {
        assert.equal(await HomeWidget.saveWidgetData(key, value), true);
        assert.deepEqual(await client.getValue(group, key), wire, key);
      }
      assert.equal(await HomeWidget.getWidgetData("bool"), true);
      assert.equal(await HomeWidget.getWidgetData("int"), 42);
      assert.equal(await HomeWidget.getWidgetData("double"), 2.5);
      assert.equal(await HomeWidget.getWidgetData("string"), "hello");
      assert.deepEqual(await HomeWidget.getWidgetData("bytes"), new Uint8Array([0, 1, 255]));
      assert.deepEqual(await HomeWidget.getWidgetData("date"), date);
      assert.deepEqual(await HomeWidget.getWidgetData("map"), { city: "Tokyo", temps: [1, 2.5] });

      // A BigInt beyond 2^53 is written exactly.
      await HomeWidget.saveWidgetData("huge", 2n ** 62n + 1n);
      const { token } = await client.endpoint();
      const raw = await fetch(new URL(`v1/groups/${group}/defaults/huge`, daemon.url), { headers: { "X-Widgethost-Token": token } });
      assert.equal(await raw.text(), '{"type":"int","value":4611686018427387905}');
      await rejectsWith(HomeWidget.saveWidgetData("huge", 2n ** 63n), ErrorCode.invalidValue);

      await rejectsWith(HomeWidget.saveWidgetData("nan", Number.NaN), ErrorCode.invalidValue);
      await assert.rejects(HomeWidget.saveWidgetData("fn", () => 1), TypeError);
    });

    test("null removes, and a missing value is the default", async () => {
      await HomeWidget.saveWidgetData("gone", "soon");
      await HomeWidget.saveWidgetData("gone", null);
      assert.equal(await HomeWidget.getWidgetData("gone"), null);
      assert.equal(await HomeWidget.getWidgetData("gone", { defaultValue: 7 }), 7);
      assert.equal(await HomeWidget.saveWidgetData("never-there", undefined), true, "removing a missing key is no error");
      assert.equal(await HomeWidget.getWidgetData("x", { appGroupId: "group.example.other", defaultValue: "d" }), "d");
    });

    test("updateWidget reloads the iOS kind (every kind without one), and refuses an unknown one", async () => {
      assert.equal(await HomeWidget.updateWidget({ iOSName: "CounterWidget", androidName: "CounterProvider" }), true);
      assert.equal(await HomeWidget.updateWidget({ name: "PillarWidget" }), true);
      await rejectsWith(HomeWidget.updateWidget({ name: "NoSuchWidget" }), ErrorCode.unknownKind, 400);
      assert.equal(await HomeWidget.updateWidget({ androidName: "CounterProvider" }), true, "no iOS kind: every kind");
    });

    test("a malformed App Group is refused", async () => {
      await rejectsWith(HomeWidget.saveWidgetData("k", 1, { appGroupId: "group.a/../b" }), ErrorCode.invalidGroup, 400);
      await rejectsWith(HomeWidget.getWidgetData("k", { appGroupId: "not-a-group" }), ErrorCode.invalidGroup, 400);
    });

    test("a pinned widget is among the installed ones", async () => {
      assert.equal(await HomeWidget.isRequestPinWidgetSupported(), true);
      const pinned = await HomeWidget.requestPinWidget({ name: "CounterWidget", family: "systemMedium" });
      assert.equal(pinned.iOSKind, "CounterWidget");
      assert.equal(pinned.iOSFamily, "systemMedium");
      const first = await HomeWidget.requestPinWidget({ iOSName: "PillarWidget" });
      assert.equal(first.iOSFamily, "systemSmall", "the kind's first family");
      const installed = await HomeWidget.getInstalledWidgets();
      assert.deepEqual(installed.slice(-2).map((widget) => widget.id), [pinned.id, first.id]);
      assert.equal(installed.at(-1).androidWidgetId, null);
      await rejectsWith(HomeWidget.requestPinWidget({ name: "PillarWidget", family: "systemLarge" }), ErrorCode.unknownFamily, 400);
      await rejectsWith(HomeWidget.requestPinWidget({ name: "NoSuchWidget" }), ErrorCode.unknownKind, 400);
    });
  });

  describe("ExtensionStorage", () => {
    let storage;
    before(() => {
      storage = new ExtensionStorage(group, { dataDir: daemon.dataDir });
    });

    test("a number is an Int, rounded as Swift rounds", async () => {
      await storage.set("n", 3.7);
      assert.deepEqual(await client.getValue(group, "n"), { type: "int", value: 4 });
      await storage.set("n", -2.5);
      assert.deepEqual(await client.getValue(group, "n"), { type: "int", value: -3 });
      assert.equal(await storage.get("n"), "-3");
      await rejectsWith(storage.set("n", Number.POSITIVE_INFINITY), ErrorCode.invalidValue);
    });

    test("a string is a String", async () => {
      await storage.set("s", "hello");
      assert.deepEqual(await client.getValue(group, "s"), { type: "string", value: "hello" });
      assert.equal(await storage.get("s"), "hello");
    });

    test("objects and arrays of objects are their JSON's bytes", async () => {
      const object = { name: "Pillar", count: 2, nested: { ok: true } };
      await storage.set("o", object);
      const stored = await client.getValue(group, "o");
      assert.equal(stored.type, "data");
      assert.deepEqual(JSON.parse(Buffer.from(stored.value, "base64").toString("utf8")), object);
      const text = await storage.get("o");
      assert.match(text, /^\{\n {2}"name" : "Pillar",/);
      assert.deepEqual(JSON.parse(text), object);

      await storage.set("a", [{ id: 1 }, { id: 2 }]);
      assert.equal((await client.getValue(group, "a")).type, "data");
      assert.deepEqual(JSON.parse(await storage.get("a")), [{ id: 1 }, { id: 2 }]);

      await assert.rejects(storage.set("a", [1, 2]), TypeError, "setArray takes objects only");
      await assert.rejects(storage.set("b", true), TypeError, "the library has no bool");
      assert.deepEqual(JSON.parse(await storage.get("a")), [{ id: 1 }, { id: 2 }], "a refused set writes nothing");
    });

    test("get answers what Swift describes; null and remove remove", async () => {
      await client.setValue(group, "flag", { type: "bool", value: true });
      assert.equal(await storage.get("flag"), "1");
      await client.setValue(group, "when", { type: "date", value: 1767259800 });
      assert.equal(await storage.get("when"), "2026-01-01 09:30:00 +0000");
      await client.setValue(group, "raw", { type: "data", value: "AAH/" });
      assert.equal(await storage.get("raw"), null, "data that is not JSON");

      await storage.set("s", null);
      assert.equal(await storage.get("s"), null);
      await storage.set("o", undefined);
      assert.equal(await storage.get("o"), null);
      await storage.set("t", "x");
      await storage.remove("t");
      assert.equal(await storage.get("t"), null);
      await storage.remove("t");
    });

    test("reloadWidget reloads a kind or all, and refuses an unknown kind", async () => {
      const options = { dataDir: daemon.dataDir };
      await ExtensionStorage.reloadWidget("CounterWidget", options);
      await ExtensionStorage.reloadWidget(undefined, options);
      await ExtensionStorage.reloadControls();
      await rejectsWith(ExtensionStorage.reloadWidget("NoSuchWidget", options), ErrorCode.unknownKind, 400);
    });

    test("a malformed App Group is refused", async () => {
      const bad = new ExtensionStorage("group.a/../b", client);
      await rejectsWith(bad.set("k", "v"), ErrorCode.invalidGroup, 400);
      await rejectsWith(bad.get("k"), ErrorCode.invalidGroup, 400);
    });
  });

  test("once the daemon stops, calls fail as notRunning", async () => {
    await daemon.terminate();
    await rejectsWith(client.getValues(group), ErrorCode.notRunning, null);
    await rejectsWith(HomeWidget.updateWidget({ name: "CounterWidget" }), ErrorCode.notRunning);
  });
});
