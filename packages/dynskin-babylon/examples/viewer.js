// The viewer example: one character (the bundled cow, or a .glb the user drops or picks) in a
// Babylon.js scene, its dynamics played live by dynskin-babylon (the loader extension's
// runtime, stepping itself after the animation groups) and tuned with sliders; ?engine=webgpu
// draws it with a WebGPUEngine.
// window.example is what the browser tests (test/examples_test.mjs) look at and drive.
import { ImportMeshAsync } from '@babylonjs/core';
import '@babylonjs/loaders/glTF/index.js';
import { registerDynskin } from 'dynskin-babylon';
import { createStage } from './scene.js';
import { FpsMeter } from './fps-meter.js';
import { parameterControls } from './parameter-controls.js';

const error = document.getElementById('error');
const stage = await createStage(document.getElementById('view'), { shadows: true }).catch((e) => {
  error.textContent = e.message;
  throw e;
});
const meter = new FpsMeter(document.getElementById('fps'));
const query = new URLSearchParams(location.search);
// A file without the extension gets dynskin's defaults (a file with it, its own settings).
registerDynskin({ withoutExtension: true });

const state = { result: null, runtime: null, group: null, hasSettings: false, playing: !query.has('paused') };
// The controls show the runtime's parameters (the file's, or the defaults); without a runtime
// (no skinned mesh), the table's defaults.
const { show: showParameters, setParameter } = parameterControls(document.getElementById('parameters'), error, () => state.runtime);


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
    stage.renderNow();
  },
};

const file = query.get('file') || 'models/cow.glb';
await show(new Uint8Array(await (await fetch(file)).arrayBuffer()), file.split('/').pop());
stage.engine.runRenderLoop(() => {
  stage.scene.render();
  meter.frame();
});
window.example.ready = true;
