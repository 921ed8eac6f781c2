#pragma once
// Dear ImGui 1.86 sees the keyboard as the keys held down when a frame starts: a key pressed
// and released between two frames (a quick tap while frames are slow, as in a browser on a
// software GPU) would never be seen, and P, Space or Ctrl+Z would do nothing. The release of
// a key pressed since the last frame is held back until the next frame, so that one frame
// sees it down.

struct GLFWwindow;

namespace dynskin::app {

// Puts itself in front of the window's key callback (ImGui's): call after ImGui_ImplGlfw_Init.
void install_key_taps(GLFWwindow* window);

// Once a frame, at its end (after everything that reads the keys and their modifiers): the
// releases held back go through, and keys pressed from now on are the next frame's.
void release_key_taps();

}  // namespace dynskin::app
