// The viewer example: one character (the bundled cow, or a .glb the user drops or picks) in a
// three.js scene, its dynamics played live by dynskin-three and tuned with sliders.
// window.example is what the browser tests (test/examples_test.mjs) look at and drive.
import * as THREE from 'three';
import { createStage, createLoader, castShadows, boundsOf, hasDynskinSettings } from './scene.js';
import { FpsMeter } from './fps-meter.js';
import { parameterControls } from './parameter-controls.js';

const stage = await createStage(document.getElementById('view'));
const loader = createLoader(true, stage.renderer);
const clock = new THREE.Clock();
const meter = new FpsMeter(document.getElementById('fps'));
const query = new URLSearchParams(location.search);

const state = { gltf: null, runtime: null, mixer: null, action: null, playing: !query.has('paused') };
const error = document.getElementById('error');
// The controls show the runtime's parameters (the file's, or the defaults); without a runtime
// (no skinned mesh), the table's defaults.
const { show: showParameters, setParameter } = parameterControls(document.getElementById('parameters'), error, () => state.runtime);

function buildControls() {
  const play = document.getElementById('play');
  play.textContent = state.playing ? 'Pause' : 'Play';
  play.addEventListener('click', () => {
    state.playing = !state.playing;
    play.textContent = state.playing ? 'Pause' : 'Play';
  });
  document.getElementById('reset').addEventListener('click', () => state.runtime?.reset());
  document.getElementById('clip').addEventListener('change', (e) => playClip(Number(e.target.value)));
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
