// widgethost-app: an app's side of widgethost (WidgetKit on Linux) for Node (>= 20) and
// Electron's main process, over the daemon's HTTP API with Node's own fetch. No dependencies.
//
// Three layers, each usable alone:
// - WidgetHostClient: the HTTP API itself (App Group defaults in their wire form, reloads,
//   the widgets the user added, pinning), found as the CLI finds it;
// - HomeWidget: Flutter home_widget's API, under the names a Dart app calls;
// - ExtensionStorage: expo-apple-targets' (@bacons/apple-targets) API.
//
// Every refusal is a WidgetHostError whose `code` is the daemon's (invalidGroup, invalidKey,
// invalidValue, unknownKey, unknownKind, unknownFamily, storeUnavailable, tokenRequired, ...)
// or this client's own (notRunning, unsupportedAddress, timeout, appGroupIdNotSet).

import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { Buffer } from "node:buffer";

// MARK: Errors

/** Why a call failed. `code` is stable: switch on it, not on the message. */
export class WidgetHostError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {{status?: number | null, cause?: unknown}} [details]
   */
  constructor(code, message, { status = null, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "WidgetHostError";
    /** The daemon's error code (`invalidGroup`, `unknownKind`, ...) or this client's (`notRunning`, ...). */
    this.code = code;
    /** The HTTP status the daemon answered with; null when no daemon answered. */
    this.status = status;
  }
}

/** The codes a WidgetHostError may carry. The daemon may add codes; these are the ones known now. */
export const ErrorCode = Object.freeze({
  // AppService's refusals, as the HTTP API, the D-Bus service and the CLI name them.
  invalidGroup: "invalidGroup",
  invalidKey: "invalidKey",
  invalidValue: "invalidValue",
  unknownKey: "unknownKey",
  unknownKind: "unknownKind",
  unknownFamily: "unknownFamily",
  storeUnavailable: "storeUnavailable",
  // The HTTP API's own.
  tokenRequired: "tokenRequired",
  badBody: "badBody",
  bodyTooLarge: "bodyTooLarge",
  wrongHost: "wrongHost",
  // This client's.
  notRunning: "notRunning",
  unsupportedAddress: "unsupportedAddress",
  timeout: "timeout",
  appGroupIdNotSet: "appGroupIdNotSet",
});

// MARK: Finding the daemon

/**
 * The daemon's data folder, as `widgethost` resolves it (StoreLocation): `$WIDGETHOST_DATA_DIR`,
 * else `$XDG_DATA_HOME/widgethost` (an absolute XDG_DATA_HOME only), else
 * `~/.local/share/widgethost`.
 * @param {Record<string, string | undefined>} [env]
 */
export function resolveDataDir(env = globalThis.process?.env ?? {}) {
  if (env.WIDGETHOST_DATA_DIR) return env.WIDGETHOST_DATA_DIR;
  if (env.XDG_DATA_HOME && env.XDG_DATA_HOME.startsWith("/")) return join(env.XDG_DATA_HOME, "widgethost");
  return join(env.HOME || homedir(), ".local/share/widgethost");
}

async function readLine(path) {
  try {
    const line = (await readFile(path, "utf8")).trim();
    return line === "" ? null : line;
  } catch (error) {
    if (error?.code === "ENOENT") return null;
    throw error;
  }
}

// MARK: The HTTP API

/**
 * A value in its wire form, as the daemon stores and answers it.
 * @typedef {{type: "bool" | "int" | "double" | "string" | "data" | "date" | "json", value: any}} StoredValue
 */

/**
 * A widget the user added (WidgetKit's WidgetInfo).
 * @typedef {{id: string, kind: string, family: string, configuration: Record<string, any>}} WidgetInfo
 */

/**
 * What became of a reload.
 * @typedef {{kinds: string[], all: boolean, forced: boolean, requestIds: number[], deliveredToRunningHost: boolean}} Reload
 */

/**
 * The daemon's app-facing HTTP API (docs/openapi.yaml: /v1/groups/..., /v1/reload,
 * /v1/configurations, /v1/pins).
 *
 * Unless given, the URL is read from `<data>/http.address` and the token from
 * `<data>/http.token` on every call, so a daemon restarted on another port is found again.
 */
export class WidgetHostClient {
  /**
   * @param {object} [options]
   * @param {string} [options.baseURL] The daemon's URL, e.g. http://127.0.0.1:8787/ (default: `<data>/http.address`).
   * @param {string} [options.token] The token writes carry (default: `<data>/http.token`); "" sends none.
   * @param {string} [options.dataDir] The data folder (default: resolveDataDir()).
   * @param {number} [options.timeout] Milliseconds a call may take (default 30000).
   * @param {Record<string, string | undefined>} [options.env] The environment the data folder is resolved from.
   */
  constructor({ baseURL, token, dataDir, timeout = 30_000, env } = {}) {
    this.baseURL = baseURL ?? null;
    this.token = token ?? null;
    this.dataDir = dataDir ?? resolveDataDir(env ?? globalThis.process?.env ?? {});
    this.timeout = timeout;
  }

  /** The URL and token the next call uses. */
  async endpoint() {
    let base = this.baseURL;
    if (base == null) {
      const file = join(this.dataDir, "http.address");
      base = await readLine(file);
      if (base == null) {
        throw new WidgetHostError(ErrorCode.notRunning,
          `no widgethost daemon serves HTTP for ${this.dataDir}: ${file} does not exist. Start one with ` +
          "`widgethost run` (or `systemctl --user start widgethost`); one started with --http off serves no HTTP");
      }
    }
    if (base.startsWith("unix:")) {
      throw new WidgetHostError(ErrorCode.unsupportedAddress,
        `the daemon serves HTTP on the unix socket ${base.slice(5)}, which fetch cannot reach: run it with ` +
        "--http 127.0.0.1:8787 (the default), or pass {baseURL} for a TCP address it serves");
    }
    const token = this.token ?? (await readLine(join(this.dataDir, "http.token")));
    return { baseURL: base.endsWith("/") ? base : base + "/", token: token || null };
  }

  /**
   * One request; the answer's JSON, or null for 204.
   * @param {string} method
   * @param {string} path Without the leading slash, segments already encoded.
   * @param {unknown} [body]
   */
  async request(method, path, body) {
    return this.#send(method, path, body === undefined ? undefined : JSON.stringify(body));
  }

  async #send(method, path, text) {
    const { baseURL, token } = await this.endpoint();
    const url = new URL(path, baseURL);
    /** @type {Record<string, string>} */
    const headers = { Accept: "application/json" };
    if (token) headers["X-Widgethost-Token"] = token;
    if (text !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(url, {
        method, headers, body: text,
        signal: AbortSignal.timeout(this.timeout),
      });
    } catch (error) {
      if (error?.name === "TimeoutError") {
        throw new WidgetHostError(ErrorCode.timeout, `${method} ${url.pathname}: no answer from ${baseURL} within ${this.timeout} ms`, { cause: error });
      }
      const reason = error?.cause?.code ?? error?.cause?.message ?? error?.message;
      throw new WidgetHostError(ErrorCode.notRunning,
        `no widgethost daemon answers at ${baseURL} (${reason})` +
        (this.baseURL == null ? `; ${join(this.dataDir, "http.address")} may be left from one that stopped` : ""),
        { cause: error });
    }
    const answer = await response.text();
    if (response.ok) return answer === "" ? null : JSON.parse(answer);
    let detail = null;
    try { detail = JSON.parse(answer)?.error ?? null; } catch { /* not JSON */ }
    throw new WidgetHostError(detail?.code ?? "httpError",
      detail?.message ?? `${method} ${url.pathname} answered HTTP ${response.status}`, { status: response.status });
  }

  // Defaults

  /**
   * One value of an App Group, in its wire form; unknownKey when the group holds none.
   * @param {string} group @param {string} key @returns {Promise<StoredValue>}
   */
  async getValue(group, key) {
    if (isDotSegment(key)) {
      const values = await this.getValues(group);
      if (!Object.hasOwn(values, key)) {
        throw new WidgetHostError(ErrorCode.unknownKey, `'${group}' has no value for '${key}'`, { status: 404 });
      }
      return values[key];
    }
    return this.request("GET", `${defaultsPath(group)}/${encodeURIComponent(key)}`);
  }

  /** Every value of an App Group, by key. @param {string} group @returns {Promise<Record<string, StoredValue>>} */
  async getValues(group) {
    return (await this.request("GET", defaultsPath(group))).values;
  }

  /** Writes one value. @param {string} group @param {string} key @param {StoredValue} value */
  async setValue(group, key, value) {
    if (isDotSegment(key)) return this.setValues(group, { [key]: value });
    await this.#send("PUT", `${defaultsPath(group)}/${encodeURIComponent(key)}`, wireText(value));
  }

  /**
   * Writes several values in one transaction, all or none; null removes a key (one the group
   * lacks is no error).
   * @param {string} group @param {Record<string, StoredValue | null>} values
   */
  async setValues(group, values) {
    const members = Object.entries(values).map(([key, value]) => `${JSON.stringify(key)}:${value == null ? "null" : wireText(value)}`);
    await this.#send("PATCH", defaultsPath(group), `{"values":{${members.join(",")}}}`);
  }

  /** Removes one value; unknownKey when the group holds none. @param {string} group @param {string} key */
  async removeValue(group, key) {
    if (isDotSegment(key)) {
      await this.getValue(group, key);
      return this.setValues(group, { [key]: null });
    }
    await this.request("DELETE", `${defaultsPath(group)}/${encodeURIComponent(key)}`);
  }

  // WidgetCenter

  /**
   * Fresh timelines for every widget of these kinds (each must be installed: unknownKind).
   * @param {string[]} kinds @param {{force?: boolean}} [options] @returns {Promise<Reload>}
   */
  async reloadTimelines(kinds, { force = false } = {}) {
    return this.request("POST", "v1/reload", { kinds, force });
  }

  /** Fresh timelines for every kind. @param {{force?: boolean}} [options] @returns {Promise<Reload>} */
  async reloadAllTimelines({ force = false } = {}) {
    return this.request("POST", "v1/reload", { all: true, force });
  }

  /** The widgets the user added, oldest first. @returns {Promise<WidgetInfo[]>} */
  async currentConfigurations() {
    return (await this.request("GET", "v1/configurations")).widgets;
  }

  /**
   * Adds a widget of `kind` to the home screen, in `family` (null: the kind's first).
   * @param {string} kind @param {string | null} [family] @returns {Promise<WidgetInfo>}
   */
  async pinWidget(kind, family = null) {
    return this.request("POST", "v1/pins", { kind, family });
  }
}

/** A value's JSON; an int given as a BigInt is written exactly (JSON.stringify cannot). */
function wireText(stored) {
  if (stored?.type === "int" && typeof stored.value === "bigint") return `{"type":"int","value":${stored.value}}`;
  return JSON.stringify(stored);
}

function defaultsPath(group) {
  if (typeof group !== "string") throw new TypeError(`an App Group name is a string, not ${typeof group}`);
  // URL parsing would resolve such a segment away instead of sending it.
  if (isDotSegment(group)) {
    throw new WidgetHostError(ErrorCode.invalidGroup,
      `'${group}' is not an App Group name. Write it as group.<reverse-DNS>, e.g. group.com.example.app`);
  }
  return `v1/groups/${encodeURIComponent(group)}/defaults`;
}

/** "." and "..", which a URL cannot carry as a path segment even percent-encoded. */
function isDotSegment(text) {
  return text === "." || text === "..";
}

let sharedClient = null;

/** The client every API below uses unless given one: the daemon of the resolved data folder. */
export function defaultClient() {
  sharedClient ??= new WidgetHostClient();
  return sharedClient;
}

/** @param {WidgetHostClient | ConstructorParameters<typeof WidgetHostClient>[0] | undefined} options */
function clientFrom(options) {
  if (options == null) return null;
  return options instanceof WidgetHostClient ? options : new WidgetHostClient(options);
}

// MARK: Values

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function invalidValue(message) {
  return new WidgetHostError(ErrorCode.invalidValue, message);
}

function isBytes(value) {
  return value instanceof Uint8Array || value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

function base64(value) {
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("base64");
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64");
}

/** JSON text of a document, refusing what JSON has no place for (NaN, the infinities, BigInt). */
function jsonDocument(value, what) {
  const seen = [];
  const check = (item) => {
    if (typeof item === "number" && !Number.isFinite(item)) throw invalidValue(`${what} holds ${item}, which JSON cannot carry`);
    if (typeof item === "bigint") throw invalidValue(`${what} holds a BigInt, which JSON cannot carry`);
    if (item !== null && typeof item === "object" && !(item instanceof Date)) {
      if (seen.includes(item)) throw invalidValue(`${what} refers to itself`);
      seen.push(item);
      for (const member of Object.values(item)) check(member);
      seen.pop();
    }
  };
  check(value);
  return JSON.stringify(value);
}

/**
 * A JavaScript value as home_widget stores it on iOS (UserDefaults' setValue): a boolean as a
 * bool, an integral number or a BigInt within 64 bits as an int (a BigInt beyond 2^53 stays one,
 * and is written exactly), any other finite number as a
 * double, a string as a string, bytes (Uint8Array, Buffer, ArrayBuffer) as data, a Date as a
 * date, anything else (arrays, objects) as a JSON document.
 * @param {unknown} value @returns {StoredValue}
 */
export function toStoredValue(value) {
  switch (typeof value) {
    case "boolean": return { type: "bool", value };
    case "string": return { type: "string", value };
    case "bigint":
      if (value < INT64_MIN || value > INT64_MAX) throw invalidValue(`${value} is outside 64 bits`);
      return { type: "int", value: Number.isSafeInteger(Number(value)) ? Number(value) : value };
    case "number":
      if (!Number.isFinite(value)) throw invalidValue(`${value} is not a finite number, which the store cannot keep`);
      if (Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63) return { type: "int", value };
      return { type: "double", value };
    case "object":
      if (value === null) break;
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw invalidValue("an invalid Date");
        return { type: "date", value: value.getTime() / 1000 };
      }
      if (isBytes(value)) return { type: "data", value: base64(value) };
      return { type: "json", value: JSON.parse(jsonDocument(value, "the value")) };
    default:
      break;
  }
  throw new TypeError(`a ${value === null ? "null" : typeof value} cannot be stored; null or undefined removes a key`);
}

/**
 * A stored value as a JavaScript value: bool, int and double as numbers and booleans (an int
 * beyond 2^53 loses precision), string, data as a Uint8Array, date as a Date, json as itself.
 * @param {StoredValue} stored
 */
export function fromStoredValue(stored) {
  switch (stored.type) {
    case "data": return new Uint8Array(Buffer.from(stored.value, "base64"));
    case "date": return new Date(stored.value * 1000);
    default: return stored.value;
  }
}

// MARK: home_widget

/**
 * A widget on the home screen, as home_widget's HomeWidgetInfo describes one on iOS. `id` and
 * `configuration` are widgethost's own: the instance's id and its intent's parameters (null
 * when it has none).
 * @typedef {{iOSFamily: string, iOSKind: string, androidWidgetId: null, androidClassName: null, androidLabel: null, configuration: Record<string, any> | null, id: string}} HomeWidgetInfo
 */

/** @param {WidgetInfo} widget @returns {HomeWidgetInfo} */
function homeWidgetInfo(widget) {
  const configuration = widget.configuration && Object.keys(widget.configuration).length > 0 ? widget.configuration : null;
  return {
    iOSFamily: widget.family, iOSKind: widget.kind,
    androidWidgetId: null, androidClassName: null, androidLabel: null,
    configuration, id: widget.id,
  };
}

/**
 * Flutter home_widget's API (pub.dev/packages/home_widget), as its iOS side behaves, with the
 * App Group's values in widgethost's store and reloads through the daemon. Every method
 * returns a Promise, as the Dart ones return Futures.
 */
export class HomeWidget {
  /** The App Group set with setAppGroupId (Dart's `HomeWidget.groupId`). @type {string | null} */
  static groupId = null;
  /** @type {WidgetHostClient | null} */
  static #client = null;

  /**
   * Which daemon to talk to: a WidgetHostClient or its options (default: the daemon of the
   * resolved data folder).
   * @param {WidgetHostClient | ConstructorParameters<typeof WidgetHostClient>[0] | null} options
   */
  static configure(options) {
    HomeWidget.#client = clientFrom(options);
  }

  static get client() {
    return HomeWidget.#client ?? defaultClient();
  }

  static #group(appGroupId) {
    const group = appGroupId ?? HomeWidget.groupId;
    if (group == null) {
      throw new WidgetHostError(ErrorCode.appGroupIdNotSet, "AppGroupId not set. Call setAppGroupId first (or pass {appGroupId})");
    }
    return group;
  }

  /** The App Group every call uses unless it names another. Checked by the first call that uses it. @param {string} groupId */
  static async setAppGroupId(groupId) {
    if (typeof groupId !== "string") throw new TypeError("setAppGroupId must be called with a group id (a string)");
    HomeWidget.groupId = groupId;
    return true;
  }

  /**
   * Stores `data` under `id` (see toStoredValue for the types); null or undefined removes it.
   * @param {string} id @param {unknown} data @param {{appGroupId?: string}} [options]
   */
  static async saveWidgetData(id, data, { appGroupId } = {}) {
    const group = HomeWidget.#group(appGroupId);
    if (data == null) {
      await HomeWidget.client.setValues(group, { [id]: null });
    } else {
      await HomeWidget.client.setValue(group, id, toStoredValue(data));
    }
    return true;
  }

  /**
   * The value stored under `id`, or `defaultValue` (default null) when there is none.
   * @param {string} id @param {{defaultValue?: unknown, appGroupId?: string}} [options]
   */
  static async getWidgetData(id, { defaultValue = null, appGroupId } = {}) {
    const group = HomeWidget.#group(appGroupId);
    try {
      return fromStoredValue(await HomeWidget.client.getValue(group, id));
    } catch (error) {
      if (error instanceof WidgetHostError && error.code === ErrorCode.unknownKey) return defaultValue;
      throw error;
    }
  }

  /**
   * Reloads the timelines of kind `iOSName`, else `name`; the Android names are ignored, as on
   * iOS. unknownKind when no installed bundle declares the kind.
   * @param {{name?: string, iOSName?: string, androidName?: string, qualifiedAndroidName?: string}} [options]
   */
  static async updateWidget({ name, iOSName } = {}) {
    const kind = iOSName ?? name;
    // As the Python client and docs/apps.md: no name reloads every kind (home_widget's iOS side
    // refuses it; on Linux one call per app is the common case).
    if (kind == null) await HomeWidget.client.reloadAllTimelines();
    else await HomeWidget.client.reloadTimelines([kind]);
    return true;
  }

  /** The widgets the user added, oldest first (WidgetCenter's getCurrentConfigurations). @returns {Promise<HomeWidgetInfo[]>} */
  static async getInstalledWidgets() {
    return (await HomeWidget.client.currentConfigurations()).map(homeWidgetInfo);
  }

  /** True: widgethost's home screens pin widgets (home_widget answers false on iOS). */
  static async isRequestPinWidgetSupported() {
    return true;
  }

  /**
   * Adds a widget of kind `iOSName`, else `name`, to the home screen in `family` (absent: the
   * kind's first), at the first free slot, and answers it. On iOS the plugin does nothing here.
   * @param {{name?: string, iOSName?: string, family?: string | null, androidName?: string, qualifiedAndroidName?: string}} [options]
   * @returns {Promise<HomeWidgetInfo>}
   */
  static async requestPinWidget({ name, iOSName, family = null } = {}) {
    const kind = iOSName ?? name;
    if (kind == null) throw new TypeError("requestPinWidget must be called with name or iOSName (the widget's kind)");
    return homeWidgetInfo(await HomeWidget.client.pinWidget(kind, family));
  }
}

// MARK: expo-apple-targets

/** Swift's `rounded()`: half away from zero (2.5 -> 3, -2.5 -> -3), as Expo turns a number into an Int. */
function roundedAsSwift(number) {
  return Math.sign(number) * Math.round(Math.abs(number));
}

function isPlainObject(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function jsonBytes(value, what) {
  return { type: "data", value: Buffer.from(jsonDocument(value, what), "utf8").toString("base64") };
}

/** Swift's `String(describing: Date)`: `2026-01-01 09:30:00 +0000`. */
function describeDate(seconds) {
  const text = new Date(Math.floor(seconds) * 1000).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)} +0000`;
}

/** JSONSerialization's `.prettyPrinted` layout: two spaces, `"key" : value`. */
function prettyJSON(value, indent = "") {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = indent + "  ";
    return "[\n" + value.map((item) => inner + prettyJSON(item, inner)).join(",\n") + "\n" + indent + "]";
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = indent + "  ";
    return "{\n" + entries.map(([key, item]) => `${inner}${JSON.stringify(key)} : ${prettyJSON(item, inner)}`).join(",\n") + "\n" + indent + "}";
  }
  return JSON.stringify(value);
}

/**
 * expo-apple-targets' ExtensionStorage (the @bacons/apple-targets package), storing each value
 * as its iOS module does: a number as an Int (rounded half away from zero), a string as a
 * String, an object or an array of objects as the bytes of its JSON (Data, which the widget
 * decodes with JSONDecoder), null or undefined by removing the key.
 *
 * The library's methods are synchronous; these return Promises (the daemon is another process).
 */
export class ExtensionStorage {
  /**
   * @param {string} appGroup
   * @param {WidgetHostClient | ConstructorParameters<typeof WidgetHostClient>[0]} [options] Which daemon (default: the resolved data folder's).
   */
  constructor(appGroup, options) {
    this.appGroup = appGroup;
    /** @type {WidgetHostClient | null} */
    this.client = clientFrom(options);
  }

  #api() {
    return this.client ?? defaultClient();
  }

  /**
   * Reloads the timelines of kind `name`, or of every kind (WidgetCenter). unknownKind for a
   * kind no installed bundle declares (iOS ignores it).
   * @param {string} [name] @param {WidgetHostClient | ConstructorParameters<typeof WidgetHostClient>[0]} [options]
   */
  static async reloadWidget(name, options) {
    const client = clientFrom(options) ?? defaultClient();
    if (name == null) await client.reloadAllTimelines();
    else await client.reloadTimelines([name]);
  }

  /** Control Center controls (iOS 18): widgethost has none, so this does nothing, as the library before iOS 18. */
  static async reloadControls(_name) {}

  /**
   * @param {string} key
   * @param {string | number | Record<string, unknown> | Array<Record<string, unknown>> | null} [value]
   */
  async set(key, value) {
    let stored;
    if (typeof value === "number") {
      const rounded = roundedAsSwift(value);
      if (!Number.isFinite(rounded) || rounded < -(2 ** 63) || rounded >= 2 ** 63) {
        throw invalidValue(`${value} cannot be stored as an Int (64 bits)`);
      }
      stored = { type: "int", value: rounded };
    } else if (Array.isArray(value)) {
      if (!value.every(isPlainObject)) throw new TypeError("an array is stored as JSON only when every element is an object (setArray takes [[String: Any]])");
      stored = jsonBytes(value, "the array");
    } else if (typeof value === "string") {
      stored = { type: "string", value };
    } else if (value == null) {
      return this.remove(key);
    } else if (isPlainObject(value)) {
      stored = jsonBytes(value, "the object");
    } else {
      throw new TypeError(`ExtensionStorage stores a number, a string, an object or an array of objects, not a ${typeof value}`);
    }
    await this.#api().setValue(this.appGroup, key, stored);
  }

  /**
   * The value as the library's `get` answers it: a string or null. JSON stored as data comes
   * back pretty-printed (other data is null); any other value as Swift describes it: "42",
   * "3.5", "hello", "1" for true, "2026-01-01 09:30:00 +0000" for a date.
   * @param {string} key @returns {Promise<string | null>}
   */
  async get(key) {
    let stored;
    try {
      stored = await this.#api().getValue(this.appGroup, key);
    } catch (error) {
      if (error instanceof WidgetHostError && error.code === ErrorCode.unknownKey) return null;
      throw error;
    }
    switch (stored.type) {
      case "data": {
        let document;
        try {
          document = JSON.parse(Buffer.from(stored.value, "base64").toString("utf8"));
        } catch {
          return null;
        }
        return document !== null && typeof document === "object" ? prettyJSON(document) : null;
      }
      case "json":
        if (stored.value === null) return null;
        return typeof stored.value === "object" ? prettyJSON(stored.value) : String(stored.value);
      case "bool": return stored.value ? "1" : "0";
      case "date": return describeDate(stored.value);
      default: return String(stored.value);
    }
  }

  /** Removes the key; one the group lacks is no error. @param {string} key */
  async remove(key) {
    await this.#api().setValues(this.appGroup, { [key]: null });
  }
}
