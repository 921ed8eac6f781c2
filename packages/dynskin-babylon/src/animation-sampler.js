// The pose of a character's bones at other times than the frame's, from the animation groups
// that move them: each of their animations that targets one of the bones' nodes is evaluated at
// the frame it would be at then (its frame now, moved by the time apart at its speed, wrapped
// or held as it plays) and written onto the node; restore() gives the nodes their own values
// back. The groups themselves are left alone: their time, events and loops are untouched.

// The animation's played range, as Babylon.js's RuntimeAnimation.animate takes it.
function playedRange(animatable, keys) {
  const first = keys[0].frame, last = keys[keys.length - 1].frame;
  let from = animatable.fromFrame, to = animatable.toFrame;
  if (from < first || from > last) from = first;
  if (to < first || to > last) to = last;
  return from <= to ? [from, to] : [to, from];
}

export class AnimationSampler {
  /** @param {Set<object>} nodes the nodes whose local transforms the characters read */
  constructor(nodes) {
    this.#nodes = nodes;
  }

  #nodes;
  #runtimeAnimations = []; // of the groups followed now, targeting the nodes
  #animatables = []; // each one's animatable
  #saved = []; // each one's target's value before sampling (the node's own object)
  #sampled = false;

  /**
   * Takes the playing groups' animations of the nodes. False when the pose cannot be sampled
   * (a group among them weighted, blended or additive: Babylon.js mixes those after every
   * animation has run).
   */
  follow(groups) {
    const runtimeAnimations = this.#runtimeAnimations, animatables = this.#animatables;
    runtimeAnimations.length = 0;
    animatables.length = 0;
    for (let g = 0; g < groups.length; ++g) {
      const group = groups[g];
      if (!group.isPlaying) continue;
      const first = runtimeAnimations.length;
      const groupAnimatables = group.animatables;
      for (let a = 0; a < groupAnimatables.length; ++a) {
        const animatable = groupAnimatables[a];
        if (!this.#nodes.has(animatable.target)) continue;
        const animations = animatable.getAnimations();
        for (let r = 0; r < animations.length; ++r) {
          if (animations[r].animation.targetPropertyPath.length !== 1) continue; // (a node's position, rotationQuaternion, scaling)
          runtimeAnimations.push(animations[r]);
          animatables.push(animatable);
        }
      }
      if (runtimeAnimations.length > first && (group.weight !== -1 || group.enableBlending || group.isAdditive)) return false;
    }
    return true;
  }

  /** Poses the nodes as the followed animations will be (or were) `seconds` of animation time from now. */
  sampleAt(seconds) {
    const runtimeAnimations = this.#runtimeAnimations, animatables = this.#animatables, saved = this.#saved;
    for (let i = 0; i < runtimeAnimations.length; ++i) {
      const runtimeAnimation = runtimeAnimations[i], animatable = animatables[i], animation = runtimeAnimation.animation;
      const path = animation.targetProperty;
      if (!this.#sampled) saved[i] = runtimeAnimation.target[path];
      // Before the animatable started, its first frame.
      const offset = Math.max(seconds, -animatable.elapsedTime / 1000);
      const [from, to] = playedRange(animatable, animation.getKeys());
      let frame = runtimeAnimation.currentFrame + offset * animation.framePerSecond * animatable.speedRatio;
      if (animatable.loopAnimation && to > from) frame = from + (((frame - from) % (to - from)) + (to - from)) % (to - from);
      else frame = Math.min(Math.max(frame, from), to);
      runtimeAnimation.target[path] = animation.evaluate(frame);
    }
    this.#sampled = true;
  }

  /** The nodes' own values back (in reverse: the first saved of a property animated twice is its own). */
  restore() {
    if (!this.#sampled) return;
    const runtimeAnimations = this.#runtimeAnimations, saved = this.#saved;
    for (let i = runtimeAnimations.length - 1; i >= 0; --i) {
      runtimeAnimations[i].target[runtimeAnimations[i].animation.targetProperty] = saved[i];
      saved[i] = null;
    }
    this.#sampled = false;
  }
}
