// The browser's file exchange (see app/files/file_exchange.h): the page's <input type=file
// id=file-picker> brings files into the memory file system, an <a download> of a Blob takes
// them out.

#include "app/files/file_exchange.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <system_error>

#include <emscripten/emscripten.h>

#include "app/web/store_zip.h"

// Clicks the page's file picker; when the user has chosen, writes the files into folder and
// calls dynskin_files_picked. 0 when the page has no picker.
EM_JS(int, click_file_picker, (const char* accept, const char* folder, int purpose), {
    const input = document.getElementById('file-picker');
    if (!input) return 0;
    const target = UTF8ToString(folder);
    input.accept = UTF8ToString(accept);
    input.onchange = () => {
        const files = Array.from(input.files);
        input.value = "";  // so that picking the same file again is a change too
        Promise.all(files.map((f) => f.arrayBuffer().then((data) => [f.name, data]))).then((read) => {
            FS.mkdirTree(target);
            const paths = read.map(([name, data]) => {
                const path = target + '/' + name.split('/').join('_');
                FS.writeFile(path, new Uint8Array(data));
                return path;
            });
            ccall('dynskin_files_picked', null, ['number', 'string', 'string'], [purpose, paths.join('\n'), ""]);
        }).catch((e) => {
            ccall('dynskin_files_picked', null, ['number', 'string', 'string'], [purpose, "", String(e)]);
        });
    };
    input.click();
    return 1;
});

// A download of the file at path, named name: 1, or 0 when the page could not make it.
EM_JS(int, download_file, (const char* path, const char* name), {
    try {
        const data = FS.readFile(UTF8ToString(path));
        const url = URL.createObjectURL(new Blob([data], {type: 'application/octet-stream'}));
        const link = document.createElement('a');
        link.href = url;
        link.download = UTF8ToString(name);
        link.style.display = 'none';
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000);  // once the browser has taken it
        return 1;
    } catch (e) {
        return 0;
    }
});

namespace dynskin::app::platform {
namespace {

std::vector<PickedFiles> picked;
int next_folder = 0;

// Each pick and each drop gets a folder of its own, so that no file of the open character is
// replaced by a later one of the same name.
std::string new_upload_folder() { return "/uploads/" + std::to_string(++next_folder); }

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        if (end > start) lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::vector<std::uint8_t> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

bool files_through_browser() { return true; }

bool pick_files(Picked purpose) {
    const char* accept = purpose == Picked::Preset ? ".json" : ".glb,.gltf,.bin,.png,.jpg,.jpeg";
    return click_file_picker(accept, new_upload_folder().c_str(), static_cast<int>(purpose)) != 0;
}

std::vector<PickedFiles> take_picked_files() {
    std::vector<PickedFiles> taken;
    taken.swap(picked);
    return taken;
}

std::vector<std::string> keep_dropped_files(const std::vector<std::string>& paths) {
    namespace fs = std::filesystem;
    const fs::path folder = new_upload_folder();
    std::error_code error;
    fs::create_directories(folder, error);
    std::vector<std::string> kept;
    for (const std::string& path : paths) {
        const fs::path to = folder / fs::path(path).filename();
        fs::rename(path, to, error);
        kept.push_back(error ? path : to.string());  // where it is, if it could not move
    }
    return kept;
}

void release_files_except(const std::string& in_use) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path keep = fs::path(in_use).parent_path();
    std::vector<fs::path> folders;
    for (const fs::directory_entry& e : fs::directory_iterator("/uploads", error)) folders.push_back(e.path());
    for (const fs::path& folder : folders)
        if (folder != keep) fs::remove_all(folder, error);
}

bool offer_download(const std::string& path, AfterDownload after) {
    const std::string name = std::filesystem::path(path).filename().string();
    const bool offered = download_file(path.c_str(), name.c_str()) != 0;
    if (after == AfterDownload::Remove) {
        std::error_code error;
        std::filesystem::remove(path, error);
    }
    if (!offered) throw std::runtime_error("the page could not offer " + name + " as a download");
    return true;
}

bool offer_zip_download(const std::vector<std::string>& paths, const std::string& zip_name) {
    // Entry by entry, each file leaving as it goes in, so that the page's memory holds the
    // recording about once (a long one at 60 frames a second runs to gigabytes).
    const std::string zip_path = "/" + std::filesystem::path(zip_name).filename().string();
    try {
        std::ofstream out(zip_path, std::ios::binary);
        if (!out) throw std::runtime_error("cannot write " + zip_path + " in the page's memory");
        web::StoreZipWriter zip(out);
        for (const std::string& path : paths) {
            const std::vector<std::uint8_t> data = read_file(path);
            zip.add(std::filesystem::path(path).filename().string(), data.data(), data.size());
            std::error_code error;
            std::filesystem::remove(path, error);
        }
        zip.finish();
    } catch (...) {
        std::error_code error;
        std::filesystem::remove(zip_path, error);
        throw;
    }
    return offer_download(zip_path, AfterDownload::Remove);
}

}  // namespace dynskin::app::platform

// Called by the page's file picker (click_file_picker) once the chosen files are in memory.
extern "C" EMSCRIPTEN_KEEPALIVE void dynskin_files_picked(int purpose, const char* paths, const char* error) {
    using namespace dynskin::app::platform;
    PickedFiles files;
    files.purpose = purpose == static_cast<int>(Picked::Preset) ? Picked::Preset : Picked::Character;
    files.paths = split_lines(paths);
    files.error = error;
    if (!files.paths.empty() || !files.error.empty()) picked.push_back(std::move(files));
}
