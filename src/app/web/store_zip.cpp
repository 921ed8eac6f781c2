#include "app/web/store_zip.h"

#include <array>
#include <ctime>
#include <limits>
#include <stdexcept>

namespace dynskin::app::web {
namespace {

std::array<std::uint32_t, 256> crc_table() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    return table;
}

// Little-endian fields, as zip has them.
void put16(std::vector<std::uint8_t>& out, std::uint32_t v) {
    out.push_back(static_cast<std::uint8_t>(v));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
}
void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    put16(out, v & 0xFFFFu);
    put16(out, v >> 16);
}

// The MS-DOS time and date zip stores (local time, 2 s steps, from 1980).
void dos_now(std::uint32_t& time, std::uint32_t& date) {
    const std::time_t now = std::time(nullptr);
    const std::tm* t = std::localtime(&now);
    if (!t || t->tm_year < 80) {
        time = 0;
        date = (1u << 5) | 1u;  // 1980-01-01
        return;
    }
    time = static_cast<std::uint32_t>(t->tm_hour << 11 | t->tm_min << 5 | t->tm_sec / 2);
    date = static_cast<std::uint32_t>((t->tm_year - 80) << 9 | (t->tm_mon + 1) << 5 | t->tm_mday);
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t size) {
    static const std::array<std::uint32_t, 256> table = crc_table();
    std::uint32_t c = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xFFu] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

std::vector<std::uint8_t> store_zip(const std::vector<ZipEntry>& entries) {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint32_t>::max();
    if (entries.size() > 0xFFFFu) throw std::runtime_error("too many files for one zip (65,535 at most)");
    std::uint32_t time = 0, date = 0;
    dos_now(time, date);
    std::vector<std::uint8_t> out, directory;
    for (const ZipEntry& e : entries) {
        if (e.name.empty() || e.name.size() > 0xFFFFu) throw std::runtime_error("bad zip entry name '" + e.name + "'");
        if (out.size() + e.data.size() + e.name.size() + 30 > kMax) throw std::runtime_error("too much data for one zip (4 GiB)");
        const std::uint32_t crc = crc32(e.data.data(), e.data.size());
        const auto size = static_cast<std::uint32_t>(e.data.size());
        const auto name_size = static_cast<std::uint32_t>(e.name.size());
        const auto offset = static_cast<std::uint32_t>(out.size());
        // Local file header, then the data as it is.
        put32(out, 0x04034B50u);
        put16(out, 20);  // version needed: 2.0
        put16(out, 0);   // flags
        put16(out, 0);   // method: stored
        put16(out, time);
        put16(out, date);
        put32(out, crc);
        put32(out, size);  // compressed size
        put32(out, size);
        put16(out, name_size);
        put16(out, 0);  // extra field
        out.insert(out.end(), e.name.begin(), e.name.end());
        out.insert(out.end(), e.data.begin(), e.data.end());
        // Its central directory record.
        put32(directory, 0x02014B50u);
        put16(directory, 20);  // made by: 2.0, MS-DOS attributes
        put16(directory, 20);
        put16(directory, 0);
        put16(directory, 0);
        put16(directory, time);
        put16(directory, date);
        put32(directory, crc);
        put32(directory, size);
        put32(directory, size);
        put16(directory, name_size);
        put16(directory, 0);  // extra field
        put16(directory, 0);  // comment
        put16(directory, 0);  // disk
        put16(directory, 0);  // internal attributes
        put32(directory, 0);  // external attributes
        put32(directory, offset);
        directory.insert(directory.end(), e.name.begin(), e.name.end());
    }
    if (out.size() + directory.size() + 22 > kMax) throw std::runtime_error("too much data for one zip (4 GiB)");
    const auto directory_offset = static_cast<std::uint32_t>(out.size());
    out.insert(out.end(), directory.begin(), directory.end());
    // End of central directory.
    put32(out, 0x06054B50u);
    put16(out, 0);
    put16(out, 0);
    put16(out, static_cast<std::uint32_t>(entries.size()));
    put16(out, static_cast<std::uint32_t>(entries.size()));
    put32(out, static_cast<std::uint32_t>(directory.size()));
    put32(out, directory_offset);
    put16(out, 0);  // comment
    return out;
}

}  // namespace dynskin::app::web
