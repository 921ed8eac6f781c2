#include "app/frame/ui_drawing.h"

#include <cstddef>
#include <cstdint>
#include <vector>

#include <imgui.h>

#include "gl/ui_renderer.h"

namespace dynskin::app {

// The renderer reads ImGui's vertices and indices as they are, without a copy.
static_assert(sizeof(ImDrawVert) == sizeof(gl::UiVertex) && offsetof(ImDrawVert, pos) == offsetof(gl::UiVertex, position) &&
                  offsetof(ImDrawVert, uv) == offsetof(gl::UiVertex, uv) &&
                  offsetof(ImDrawVert, col) == offsetof(gl::UiVertex, rgba),
              "ImDrawVert is not laid out as gl::UiVertex");
static_assert(sizeof(ImDrawIdx) == sizeof(std::uint16_t), "the UI renderer draws 16-bit indices");

void upload_ui_fonts(gl::UiRenderer& renderer) {
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    const ImVec2 white = io.Fonts->TexUvWhitePixel;
    const GLuint texture = renderer.set_font_atlas(width, height, pixels, glm::vec2(white.x, white.y));
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture)));
    io.Fonts->ClearTexData();  // the GPU has it
}

void draw_ui(gl::UiRenderer& renderer, unsigned int framebuffer, const OpaqueWindow& opaque) {
    const ImDrawData* data = ImGui::GetDrawData();
    if (!data || !data->Valid) return;
    gl::UiFrame frame;
    frame.origin = {data->DisplayPos.x, data->DisplayPos.y};
    frame.size = {data->DisplaySize.x, data->DisplaySize.y};
    frame.framebuffer_scale = {data->FramebufferScale.x, data->FramebufferScale.y};
    frame.framebuffer = framebuffer;
    std::vector<gl::UiDrawList> lists(static_cast<std::size_t>(data->CmdListsCount));
    for (int n = 0; n < data->CmdListsCount; ++n) {
        const ImDrawList& source = *data->CmdLists[n];
        gl::UiDrawList& list = lists[static_cast<std::size_t>(n)];
        list.vertices = reinterpret_cast<const gl::UiVertex*>(source.VtxBuffer.Data);
        list.vertex_count = static_cast<std::size_t>(source.VtxBuffer.Size);
        list.indices = source.IdxBuffer.Data;
        list.index_count = static_cast<std::size_t>(source.IdxBuffer.Size);
        if (&source == opaque.list) {
            const ImVec4 color = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
            list.backdrop = gl::UiBackdrop{glm::vec4(opaque.rect[0], opaque.rect[1], opaque.rect[2], opaque.rect[3]),
                                           glm::vec3(color.x, color.y, color.z)};
        }
        for (const ImDrawCmd& cmd : source.CmdBuffer) {
            // The viewer adds no callbacks; the backend flag that would give vertex offsets is
            // not set (WebGL 2 has no base vertex), so each list's indices start at its first vertex.
            if (cmd.UserCallback) continue;
            gl::UiCommand command;
            command.clip = {cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
            command.texture = static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(cmd.TextureId));
            command.first_index = cmd.IdxOffset;
            command.index_count = cmd.ElemCount;
            list.commands.push_back(command);
        }
    }
    renderer.draw(frame, lists);
}

}  // namespace dynskin::app
