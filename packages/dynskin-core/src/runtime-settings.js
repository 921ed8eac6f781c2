// What an engine package's runtime keeps of dynskin's settings, whatever its engine: the live
// parameters (a write at any depth marks them changed), each joint's own settings keyed by the
// engine's joint object, and their checked transfer to the core's joint levels. dynskin-three
// and dynskin-babylon build their runtimes on it, so that their calls and errors are the same.
import { cloneSettings, watchSettings, mergeSettings, defaultParameters, settingsJson } from './settings.js';

export class RuntimeSettings {
  /**
   * @param {object} core the Emscripten module (loadDynskinCore)
   * @param {{parameters?: object, joints?: Map<object, object>, savedSettings?: boolean}} options
   * @param {string} packageName prefixes the messages ('dynskin-babylon')
   */
  constructor(core, options, packageName) {
    this.packageName = packageName;
    this.#defaults = defaultParameters(core, options.savedSettings);
    this.parameters = mergeSettings(cloneSettings(this.#defaults), options.parameters);
    this.joints = new Map(options.joints instanceof Map ? options.joints : []);
  }

  #defaults;
  #parameters;
  #changed = true; // since the joint levels last took them
  #markChanged = () => {
    this.#changed = true;
  };

  /** The live parameters: a change at any depth is taken at the next apply(). */
  get parameters() {
    return this.#parameters;
  }

  set parameters(value) {
    this.#parameters = watchSettings(cloneSettings(value), this.#markChanged);
    this.#changed = true;
  }

  /** dynskin's settings JSON text for joints `keys` (the core's joint order). */
  json(keys) {
    return settingsJson(this.parameters, keys.map((key) => this.joints.get(key) ?? {}));
  }

  /**
   * Gives `characters` ({level, jointKeys}) the settings when they changed since the last
   * time. Returns the core's message for settings it refused (the previous ones then stay), or ''.
   */
  apply(characters) {
    if (!this.#changed) return '';
    this.#changed = false;
    for (const character of characters) {
      const error = character.level.setSettings(this.json(character.jointKeys));
      if (error) return error;
    }
    return '';
  }

  /** apply() once a frame: refused live changes are reported, and the previous settings stay. */
  applyLive(characters) {
    const error = this.apply(characters);
    if (error) console.warn(`${this.packageName}: parameters refused, the previous ones stay: ${error}`);
  }

  /** Deep merge of `parameters`; throws, changing nothing, for values the core refuses. */
  setParameters(parameters, characters) {
    const previous = cloneSettings(this.parameters);
    mergeSettings(this.parameters, parameters);
    this.#applyOrUndo(characters, () => (this.parameters = previous));
  }

  /** The parameters back to the defaults. */
  resetParameters(characters) {
    this.parameters = cloneSettings(this.#defaults);
    this.apply(characters);
  }

  /** Joint `key`'s own settings (null: the defaults back); throws, changing nothing, when refused. */
  setJointSettings(key, settings, characters) {
    const previous = this.joints.get(key);
    if (settings == null) this.joints.delete(key);
    else this.joints.set(key, cloneSettings(settings));
    this.#changed = true;
    this.#applyOrUndo(characters, () => {
      if (previous === undefined) this.joints.delete(key);
      else this.joints.set(key, previous);
      this.#changed = true;
    });
  }

  #applyOrUndo(characters, undo) {
    const error = this.apply(characters);
    if (!error) return;
    undo();
    this.apply(characters);
    throw new Error(`${this.packageName}: ${error}`);
  }
}
