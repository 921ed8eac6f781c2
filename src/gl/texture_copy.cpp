#include "gl/texture_copy.h"

namespace dynskin::gl {

TextureCopy::TextureCopy() : program_(GlProgram::from_files("copy.vert", "copy.frag")), vao_(GlVertexArray::create()) {
    glUseProgram(program_.id());
    glUniform1i(program_.uniform("source"), 0);
    glUseProgram(0);
}

void TextureCopy::draw(const GlTexture& source) const {
    glDisable(GL_SCISSOR_TEST);
    copy(source);
}

void TextureCopy::draw_box(const GlTexture& source, const glm::ivec4& box) const {
    glEnable(GL_SCISSOR_TEST);
    glScissor(box.x, box.y, box.z, box.w);
    copy(source);
    glDisable(GL_SCISSOR_TEST);
}

void TextureCopy::copy(const GlTexture& source) const {
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
    glUseProgram(program_.id());
    glBindVertexArray(vao_.id());
    glActiveTexture(GL_TEXTURE0);
    glBindSampler(0, 0);  // the texture's own filter
    glBindTexture(GL_TEXTURE_2D, source.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace dynskin::gl
