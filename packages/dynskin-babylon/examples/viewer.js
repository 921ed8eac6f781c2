// The viewer example: one character (the bundled cow, or a .glb the user drops or picks) in a
// Babylon.js scene, its dynamics played live by dynskin-babylon (the loader extension's
// runtime, stepping itself after the animation groups) and tuned with sliders.
// window.example is what the browser tests (test/examples_test.mjs) look at and drive.
import { ImportMeshAsync } from '@babylonjs/core';
import '@babylonjs/loaders/glTF/index.js';
import { registerDynskin } from 'dynskin-babylon';
import { createStage } from './scene.js';
import { FpsMeter } from './fps-meter.js';
import { numberParameters, choiceParameters } from './parameters.js';

const stage = createStage(document.getElementById('view'), { shadows: true });
const meter = new FpsMeter(document.getElementById('fps'));
const query = new URLSearchParams(location.search);
// A file without the extension gets dynskin's defaults (a file with it, its own settings).
registerDynskin({ withoutExtension: true });

const state = { result: null, runtime: null, group: null, hasSettings: false, playing: !query.has('paused') };
const error = document.getElementById('error');

const getKey = (object, key) => key.split('.').reduce((o, k) => (o == null ? undefined : o[k]), object);
const nested = (key, value) => key.split('.').reduceRight((inner, part) => ({ [part]: inner }), value);

// The runtime refuses values its core refuses (keeping the previous ones): say so on the page.
// The controls then show what the runtime holds.
function setParameter(key, value) {
  if (!state.runtime) return;
  try {
    state.runtime.setParameters(nested(key, value));
    error.textContent = '';
  } catch (e) {
    error.textContent = e.message;
  }
  showParameters();
}

// The controls come from dynskin's parameter table (parameters.js, generated from it): a slider
// for each number, with a switch before it where the number can be off, a select for each
// choice. A logarithmic slider's input holds log10 of the value (a range input is linear).
const sliderPosition = (p, value) => (p.logarithmic ? Math.log10(value) : value);
const sliderValue = (p, position) => (p.logarithmic ? 10 ** position : position);
// Off as the core reads it: null (infinity), or where 0 is off, anything up to 0.
const isOff = (p, value) => p.off !== null && (value === null || (p.off.value === 0 && value <= 0));
const controls = []; // { parameter, show(value) }

function slider(p) {
  const row = document.createElement('div');
  row.className = 'slider';
  row.title = p.unit ? `${p.description} (${p.unit})` : p.description;
  row.innerHTML = `${p.off ? '<input type="checkbox">' : ''}<span class="name">${p.label}</span><input type="range" step="any"><output></output>`;
  const toggle = row.querySelector('input[type=checkbox]');
  const input = row.querySelector('input[type=range]');
  const output = row.querySelector('output');
  input.id = `slider-${p.label}`;
  input.min = sliderPosition(p, p.min);
  input.max = sliderPosition(p, p.max);
  input.addEventListener('input', () => setParameter(p.key, sliderValue(p, Number(input.value))));
  if (toggle) {
    toggle.id = `switch-${p.label}`;
    toggle.addEventListener('change', () => setParameter(p.key, toggle.checked ? p.off.on : p.off.value));
  }
  controls.push({
    parameter: p,
    show(value) {
      const off = isOff(p, value);
      if (toggle) toggle.checked = !off;
      input.disabled = off;
      input.value = sliderPosition(p, off ? p.off.on : value);
      output.textContent = off ? 'off' : value.toFixed(2);
    },
  });
  return row;
}

function select(p) {
  const label = document.createElement('label');
  label.className = 'choice';
  label.title = p.description;
  label.innerHTML = `<span class="name">${p.label}</span><select></select>`;
  const choice = label.querySelector('select');
  choice.id = `select-${p.label}`;
  for (const c of p.choices) choice.add(Object.assign(new Option(c.name, c.name), { title: c.description }));
  choice.addEventListener('change', () => setParameter(p.key, choice.value));
  controls.push({ parameter: p, show: (value) => (choice.value = value) });
  return label;
}

// The controls show the runtime's parameters (the file's, or the defaults); without a runtime
// (no skinned mesh), the table's defaults.
function showParameters() {
  const parameters = state.runtime?.parameters;
  for (const { parameter, show } of controls) show(parameters ? getKey(parameters, parameter.key) : parameter.default);
}

// Paused, the clip holds and so do the dynamics (the runtime stops stepping itself).
function setPlaying(playing) {
  state.playing = playing;
  document.getElementById('play').textContent = playing ? 'Pause' : 'Play';
  if (playing) state.group?.play(true);
  else state.group?.pause();
  if (state.runtime) state.runtime.autoUpdate = playing;
}

function playClip(index) {
  for (const group of state.result.animationGroups) group.stop();
  state.group = state.result.animationGroups[index] ?? null;
  state.group?.start(true);
  state.runtime?.reset(); // a new clip is a cut: no wobble from the jump
  setPlaying(state.playing);
}

// Whether a .glb carries dynskin's settings (its JSON chunk names the extension).
function hasDynskinSettings(bytes) {
  const jsonLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  return new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)).includes('"DYNSKIN_dynamic_skinning"');
}

async function show(bytes, name) {
  error.textContent = '';
  let result;
  try {
    result = await ImportMeshAsync(bytes, stage.scene, { pluginExtension: '.glb' });
  } catch (e) {
    error.textContent = `Could not load ${name}: ${e.message || e}`;
    return;
  }
  if (state.result) {
    state.runtime?.dispose();
    for (const group of state.result.animationGroups) group.dispose();
    state.result.meshes[0].dispose(false, true);
  }
  state.result = result;
  state.runtime = result.meshes[0].metadata?.dynskin ?? null;
  stage.frame(result.meshes);
  document.getElementById('clip').replaceChildren(...result.animationGroups.map((group, i) => new Option(group.name || `clip ${i}`, i)));
  playClip(0);
  document.getElementById('character').textContent = !state.runtime ? `${name}: no skinned mesh (nothing to move)`
    : hasDynskinSettings(bytes) ? `${name}: dynskin settings from the file` : `${name}: dynskin's default settings (none in the file)`;
  showParameters();
}

async function loadFile(file) {
  await show(new Uint8Array(await file.arrayBuffer()), file.name);
}

document.getElementById('parameters').append(...choiceParameters.map(select), ...numberParameters.map(slider));
document.getElementById('play').addEventListener('click', () => setPlaying(!state.playing));
document.getElementById('reset').addEventListener('click', () => state.runtime?.reset());
document.getElementById('clip').addEventListener('change', (e) => playClip(Number(e.target.value)));
document.getElementById('file').addEventListener('change', (e) => e.target.files[0] && loadFile(e.target.files[0]));
window.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
window.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dragging');
  if (e.dataTransfer.files[0]) loadFile(e.dataTransfer.files[0]);
});

// For the tests: the state, and a way to draw a given time of the clip exactly (from its start
// and a reset, at 60 Hz: the scene's animation step with that delta, then the runtime's),
// leaving the viewer paused there.
window.example = {
  state, stage, setParameter, show,
  seek(seconds) {
    const { scene } = stage, runtime = state.runtime, groups = state.result.animationGroups;
    setPlaying(false);
    state.group.stop();
    state.group.start(true);
    runtime.reset();
    scene._animate(0);
    for (let t = 0; t < seconds - 1e-9; t += 1 / 60) {
      scene._animate(1000 / 60);
      runtime.updateWithAnimationGroups(groups, 1 / 60);
    }
    state.group.pause();
    scene.render(true, true);
  },
};

const file = query.get('file') || 'models/cow.glb';
await show(new Uint8Array(await (await fetch(file)).arrayBuffer()), file.split('/').pop());
stage.engine.runRenderLoop(() => {
  stage.scene.render();
  meter.frame();
});
window.example.ready = true;
