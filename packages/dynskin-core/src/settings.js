// dynskin's settings as a runtime holds them, whatever its engine: the defaults the core
// gives, the live parameters that notice a write, and the settings JSON text the core reads
// (JointLevel.setSettings).

/** A deep copy of settings (plain JSON values). */
export function cloneSettings(value) {
  return JSON.parse(JSON.stringify(value));
}

const isObject = (value) => value !== null && typeof value === 'object';

/**
 * `parameters` as the user holds them: a write at any depth calls changed(). Objects written
 * in are copied, so that they change only through the runtime.
 */
export function watchSettings(parameters, changed) {
  const proxies = new WeakMap();
  const wrap = (value) => {
    if (!isObject(value)) return value;
    let proxy = proxies.get(value);
    if (!proxy) proxies.set(value, (proxy = new Proxy(value, handler)));
    return proxy;
  };
  const handler = {
    get: (target, key) => wrap(target[key]),
    set: (target, key, value) => {
      target[key] = isObject(value) ? cloneSettings(value) : value;
      changed();
      return true;
    },
    deleteProperty: (target, key) => {
      delete target[key];
      changed();
      return true;
    },
  };
  return wrap(parameters);
}

/** Merges `from` into `into` (objects key by key, anything else replaced); returns `into`. */
export function mergeSettings(into, from) {
  for (const [key, value] of Object.entries(from ?? {})) {
    if (isObject(value) && !Array.isArray(value) && isObject(into[key])) {
      mergeSettings(into[key], value);
    } else {
      into[key] = value;
    }
  }
  return into;
}

/**
 * The core's default parameters. A file's saved settings start from the method's defaults (a
 * key they lack is its default); anything else is a rig that came without settings, and gets
 * an unseen rig's (the ground contact on). The core's floats come shortened to what a float
 * holds (0.15, not 0.15000000596046448).
 */
export function defaultParameters(core, savedSettings) {
  const level = new core.JointLevel();
  const json = savedSettings ? level.settingsJson() : core.JointLevel.unseenRigSettingsJson();
  level.delete();
  return JSON.parse(json, (key, value) => (typeof value === 'number' ? Number(value.toPrecision(7)) : value)).parameters;
}

/**
 * dynskin's settings JSON text, as JointLevel.setSettings reads it: the global parameters and
 * each joint's own settings in the core's joint order ({} for a joint with none of its own).
 */
export function settingsJson(parameters, joints) {
  return JSON.stringify({ version: 1, parameters, joints });
}
