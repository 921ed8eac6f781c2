// What the examples share: a Babylon.js engine and scene on the page's canvas (?engine=webgpu:
// a WebGPUEngine, where the materials are WGSL; else WebGL 2), a sky and a sun, a ground, an
// orbiting camera framed on what is loaded.
import { ArcRotateCamera, Color4, DirectionalLight, Engine, HemisphericLight, MeshBuilder, Scene, ShadowGenerator, Vector3, WebGPUEngine } from '@babylonjs/core';

async function createEngine(canvas, kind) {
  // preserveDrawingBuffer: the tests read the canvas back after a frame.
  if (kind === 'webgl') return new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true });
  if (kind !== 'webgpu') throw new Error(`engine=${kind}: use webgl or webgpu`);
  if (!(await WebGPUEngine.IsSupportedAsync)) throw new Error('engine=webgpu: this browser offers no WebGPU adapter');
  const engine = new WebGPUEngine(canvas, { antialias: true, stencil: true });
  // glslang and twgsl (Babylon.js compiles GLSL shaders with them) from the copy of
  // @babylonjs/core next to the page rather than Babylon.js's CDN.
  const assets = new URL('./@babylonjs/core/assets/', location.href).href;
  await engine.initAsync({ jsPath: `${assets}glslang/glslang.js`, wasmPath: `${assets}glslang/glslang.wasm` },
    { jsPath: `${assets}twgsl/twgsl.js`, wasmPath: `${assets}twgsl/twgsl.wasm` });
  return engine;
}

export async function createStage(canvas, { shadows = false } = {}) {
  const engine = await createEngine(canvas, new URLSearchParams(location.search).get('engine') ?? 'webgl');
  const scene = new Scene(engine);
  scene.clearColor = new Color4(0.86, 0.9, 0.94, 1);
  const camera = new ArcRotateCamera('camera', -Math.PI / 3, Math.PI / 2.6, 10, Vector3.Zero(), scene);
  camera.attachControl(canvas, true);
  new HemisphericLight('sky', new Vector3(0, 1, 0), scene).intensity = 0.6;
  const sun = new DirectionalLight('sun', new Vector3(-0.5, -1, -0.4), scene);
  sun.intensity = 0.9;
  const ground = MeshBuilder.CreateGround('ground', { width: 1, height: 1 }, scene);
  ground.receiveShadows = true;
  // The shadows cast are those of the deformed skin (the plugin's ShadowDepthWrapper).
  const shadowGenerator = shadows ? new ShadowGenerator(2048, sun) : null;
  if (shadowGenerator) shadowGenerator.usePercentageCloserFiltering = true;
  window.addEventListener('resize', () => engine.resize());
  return {
    engine, scene, camera,
    // One frame drawn now, outside the render loop (WebGPU submits a frame's commands at its end).
    renderNow() {
      engine.beginFrame();
      scene.render(true, true);
      engine.endFrame();
    },
    // Frames the camera and the ground on the meshes' bounds; they cast shadows.
    frame(meshes) {
      let min = new Vector3(Infinity, Infinity, Infinity), max = min.negate();
      for (const mesh of meshes) {
        if (!mesh.getTotalVertices || mesh.getTotalVertices() === 0) continue;
        mesh.computeWorldMatrix(true);
        const box = mesh.getBoundingInfo().boundingBox;
        min = Vector3.Minimize(min, box.minimumWorld);
        max = Vector3.Maximize(max, box.maximumWorld);
        shadowGenerator?.addShadowCaster(mesh, false);
      }
      const size = max.subtract(min), radius = Math.max(size.length() / 2, 1e-3);
      camera.setTarget(min.add(max).scale(0.5));
      camera.radius = 2.2 * radius;
      camera.minZ = radius / 100;
      camera.maxZ = radius * 100;
      camera.wheelPrecision = 50 / radius;
      ground.scaling.set(6 * radius, 1, 6 * radius);
      ground.position.set((min.x + max.x) / 2, min.y, (min.z + max.z) / 2);
    },
  };
}
