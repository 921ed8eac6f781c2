#pragma once
// The ImGui panels. Each reads and edits the ViewerState; requests that need the app (load
// a file, reset the history) are left in the state for the app to carry out.

#include "app/viewer_state.h"
#include "dynskin/settings_schema.h"

namespace dynskin::app {

void character_panel(ViewerState& state);
void animation_panel(ViewerState& state);
void dynamics_panel(ViewerState& state);
void display_panel(ViewerState& state);
void painting_panel(ViewerState& state);
void performance_panel(ViewerState& state);
void help_panel();
void file_browser(ViewerState& state, bool& open);
void error_popup(ViewerState& state);
void save_as_popup(ViewerState& state);
void unsaved_changes_popup(ViewerState& state);
void joints_panel(ViewerState& state);
void velocity_skinning_panel(ViewerState& state);
// Copy link (browser) or command line (desktop): the character, clip and changed parameters.
void share_panel(ViewerState& state);
// What Copy link copies: the page's link in the browser, `dynskin ... --link '...'` on the desktop.
std::string share_link(const ViewerState& state);
// Bake to glTF, record frames, record drags as a clip; also steps a running bake.
void export_panel(ViewerState& state);

// Shared: a slider with a tooltip; returns true when the value changed.
bool slider_with_help(const char* label, float* value, float min, float max, const char* format, const char* help,
                      bool logarithmic = false);
// The slider of a number of the parameter table: its slider range and scale, its description
// as the tooltip.
bool parameter_slider(const char* label, const ParameterSpec& spec, float* value, const char* format);
// A choice of the parameter table as radio buttons on one line: its choices' labels, their
// descriptions as the tooltips.
void parameter_choice_buttons(const ParameterSpec& spec, DynamicParameters& p);

}  // namespace dynskin::app
