// The viewer example: one character (the bundled cow, or a .glb the user drops or picks) in a
// three.js scene, its dynamics played live by dynskin-three and tuned with sliders.
// window.example is what the browser tests (test/examples_test.mjs) look at and drive.
import * as THREE from 'three';
import { createStage, createLoader, castShadows, boundsOf, hasDynskinSettings } from './scene.js';
import { FpsMeter } from './fps-meter.js';
import { numberParameters, choiceParameters } from './parameters.js';

const stage = createStage(document.getElementById('view'));
const loader = createLoader();
const clock = new THREE.Clock();
const meter = new FpsMeter(document.getElementById('fps'));
const query = new URLSearchParams(location.search);

const state = { gltf: null, runtime: null, mixer: null, action: null, playing: !query.has('paused') };
const error = document.getElementById('error');

const getKey = (object, key) => key.split('.').reduce((o, k) => (o == null ? undefined : o[k]), object);
function nested(key, value) {
  const parts = key.split('.');
  return parts.reduceRight((inner, part) => ({ [part]: inner }), value);
}

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
const controls = [];  // { parameter, show(value) }

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
  const show = (value) => {
    const off = isOff(p, value);
    if (toggle) toggle.checked = !off;
    input.disabled = off;
    input.value = sliderPosition(p, off ? p.off.on : value);
    output.textContent = off ? 'off' : value.toFixed(2);
  };
  controls.push({ parameter: p, show });
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

function buildControls() {
  document.getElementById('parameters').append(...choiceParameters.map(select), ...numberParameters.map(slider));
  const play = document.getElementById('play');
  play.textContent = state.playing ? 'Pause' : 'Play';
  play.addEventListener('click', () => {
    state.playing = !state.playing;
    play.textContent = state.playing ? 'Pause' : 'Play';
  });
  document.getElementById('reset').addEventListener('click', () => state.runtime?.reset());
  document.getElementById('clip').addEventListener('change', (e) => playClip(Number(e.target.value)));
}

// The controls show the runtime's parameters (the file's, or the defaults); without a runtime
// (no skinned mesh), the table's defaults.
function showParameters() {
  const parameters = state.runtime?.parameters;
  for (const { parameter, show } of controls) show(parameters ? getKey(parameters, parameter.key) : parameter.default);
}

function playClip(index) {
  state.mixer.stopAllAction();
  const clip = state.gltf.animations[index];
  state.action = clip ? state.mixer.clipAction(clip).play() : null;
  state.runtime?.reset();  // a new clip is a cut: no wobble from the jump
}

async function show(buffer, name) {
  error.textContent = '';
  let gltf;
  try {
    gltf = await loader.parseAsync(buffer, '');
  } catch (e) {
    error.textContent = `Could not load ${name}: ${e.message || e}`;
    return;
  }
  if (state.gltf) stage.scene.remove(state.gltf.scene);
  state.gltf = gltf;
  state.runtime = gltf.userData.dynskin || null;
  state.mixer = new THREE.AnimationMixer(gltf.scene);
  castShadows(gltf.scene);
  stage.scene.add(gltf.scene);
  stage.frame(boundsOf(gltf.scene));
  const clipSelect = document.getElementById('clip');
  clipSelect.replaceChildren(...gltf.animations.map((clip, i) => new Option(clip.name || `clip ${i}`, i)));
  playClip(0);
  document.getElementById('character').textContent = !state.runtime ? `${name}: no skinned mesh (nothing to move)`
    : hasDynskinSettings(gltf) ? `${name}: dynskin settings from the file` : `${name}: dynskin's default settings (none in the file)`;
  showParameters();
}

// One frame: the animation, then the dynamics (after the mixer, as the plugin expects), then
// the picture. dt is 0 while paused: the pose holds, and so do the dynamics.
function step(dt) {
  state.mixer?.update(dt);
  state.runtime?.update(dt);
  stage.render();
}

function loop() {
  const dt = Math.min(clock.getDelta(), 0.1);
  step(state.playing ? dt : 0);
  meter.frame();
  requestAnimationFrame(loop);
}

async function loadFile(file) {
  show(await file.arrayBuffer(), file.name);
}

buildControls();
document.getElementById('file').addEventListener('change', (e) => e.target.files[0] && loadFile(e.target.files[0]));
window.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
window.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dragging');
  if (e.dataTransfer.files[0]) loadFile(e.dataTransfer.files[0]);
});

// For the tests: the state, and a way to play a given time exactly (from a reset, at 60 Hz).
window.example = {
  state, stage, setParameter, show,
  seek(seconds) {
    state.action.time = 0;
    state.mixer.setTime(0);
    state.runtime?.reset();
    const dt = 1 / 60;
    for (let t = 0; t < seconds - 1e-9; t += dt) {
      state.mixer.update(dt);
      state.runtime?.update(dt);
    }
    stage.render();
  },
};

const response = await fetch(query.get('file') || 'models/cow.glb');
await show(await response.arrayBuffer(), (query.get('file') || 'cow.glb').split('/').pop());
window.example.ready = true;
requestAnimationFrame(loop);
