// Generated from dynskin's parameter table by scripts/tables/generate.py (web_examples.py):
// edit the table (parameter_table(), include/dynskin/settings_schema.h), not this file.

/**
 * The numbers, a slider each: key (its path in the settings JSON's parameters), label (its
 * key in dynskin's links), unit, the span [min, max] of dynskin's sliders, logarithmic,
 * default, and off: null for a number that is always on, else the value that turns it off
 * (null, i.e. infinity, or 0: then 0 or less is off) and the value it turns on at.
 */
export const numberParameters = [
  {
    "key": "oscillation.frequency",
    "label": "f",
    "description": "f: the wobble's frequency",
    "unit": "Hz",
    "min": 0.0,
    "max": 10.0,
    "logarithmic": false,
    "default": 2.0,
    "off": null
  },
  {
    "key": "oscillation.damping",
    "label": "tau",
    "description": "tau: the wobble dies out as exp(-t / tau)",
    "unit": "s",
    "min": 0.0,
    "max": 3.0,
    "logarithmic": false,
    "default": 0.4,
    "off": null
  },
  {
    "key": "oscillation.amplitude",
    "label": "A",
    "description": "A: the strength of the wobble each change of speed starts; negative: the other way",
    "unit": "s",
    "min": -1.0,
    "max": 1.0,
    "logarithmic": false,
    "default": 0.15,
    "off": null
  },
  {
    "key": "oscillation.drag",
    "label": "D",
    "description": "D: the skin's lag behind a turning joint, in proportion to its speed",
    "unit": "s",
    "min": -1.0,
    "max": 1.0,
    "logarithmic": false,
    "default": 0.1,
    "off": null
  },
  {
    "key": "propagation_speed",
    "label": "c",
    "description": "c: delayed LBS, the speed at which turns travel from the root to the extremities",
    "unit": "sizes/s",
    "min": 0.2,
    "max": 20.0,
    "logarithmic": true,
    "default": null,
    "off": {
      "value": null,
      "on": 2.0
    }
  },
  {
    "key": "translation_gain",
    "label": "T",
    "description": "Strength of the lag and wobble behind a joint whose translation moves; 0: off",
    "unit": "",
    "min": 0.0,
    "max": 3.0,
    "logarithmic": false,
    "default": 1.0,
    "off": null
  },
  {
    "key": "squash",
    "label": "S",
    "description": "S: Velocity Skinning's squash & stretch, a part moving at speed v stretches by about 1 + S v / L; 0: off",
    "unit": "s",
    "min": 0.0,
    "max": 1.0,
    "logarithmic": false,
    "default": 0.0,
    "off": null
  },
  {
    "key": "max_angle",
    "label": "bend_limit",
    "description": "Soft limit of the bend angle, and of the translation's lag (the floppy limiter)",
    "unit": "rad",
    "min": 0.05,
    "max": 3.0,
    "logarithmic": false,
    "default": 1.0,
    "off": {
      "value": 0,
      "on": 1.0
    }
  },
  {
    "key": "max_offset",
    "label": "offset_limit",
    "description": "Soft limit of each vertex's offset from the base skinning",
    "unit": "sizes",
    "min": 0.02,
    "max": 1.0,
    "logarithmic": false,
    "default": 0.25,
    "off": {
      "value": 0,
      "on": 0.25
    }
  },
  {
    "key": "ground_contact",
    "label": "ground",
    "description": "Ground contact: the skin within a quarter of this height above the ground keeps its base position (planted feet stay planted); the offsets fade in up to it",
    "unit": "sizes",
    "min": 0.02,
    "max": 0.5,
    "logarithmic": false,
    "default": 0.0,
    "off": {
      "value": 0,
      "on": 0.1
    }
  },
  {
    "key": "object_motion",
    "label": "object",
    "description": "How much the motion of the character's whole object (its parent, a platform, a controller) drives drag and wobble; 1: all of it, 0: none (carried as if still)",
    "unit": "",
    "min": 0.0,
    "max": 1.0,
    "logarithmic": false,
    "default": 1.0,
    "off": null
  }
];

/** The choices, a select each: key, label, choices (name and description), default. */
export const choiceParameters = [
  {
    "key": "mode",
    "label": "mode",
    "description": "What is added to the base skinning",
    "choices": [
      {
        "name": "lbs",
        "description": "The base skinning alone"
      },
      {
        "name": "drag",
        "description": "The drag term alone: the lag while joints turn, no wobble"
      },
      {
        "name": "dynamic",
        "description": "Drag and damped oscillations"
      }
    ],
    "default": "dynamic"
  },
  {
    "key": "base",
    "label": "base",
    "description": "The skinning the offsets are added to",
    "choices": [
      {
        "name": "linear",
        "description": "Linear blend skinning"
      },
      {
        "name": "dq",
        "description": "Dual quaternion skinning"
      }
    ],
    "default": "linear"
  },
  {
    "key": "squash_center",
    "label": "center",
    "description": "Where a turning joint's squash is centred",
    "choices": [
      {
        "name": "axis",
        "description": "Each vertex stretches along its own travel, about the medial axis (limbs)"
      },
      {
        "name": "centroid",
        "description": "The region stretches as one blob along its centroid's velocity (end bones)"
      }
    ],
    "default": "axis"
  }
];
