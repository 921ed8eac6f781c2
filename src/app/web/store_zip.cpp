#include "app/web/store_zip.h"

#include <array>
#include <ctime>
#include <limits>
#include <sstream>
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

StoreZipWriter::StoreZipWriter(std::ostream& out) : out_(out) { dos_now(time_, date_); }

void StoreZipWriter::add(const std::string& name, const std::uint8_t* data, std::size_t size) {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint32_t>::max();
    if (count_ >= 0xFFFFu) throw std::runtime_error("too many files for one zip (65,535 at most)");
    if (name.empty() || name.size() > 0xFFFFu) throw std::runtime_error("bad zip entry name '" + name + "'");
    if (offset_ + 30 + name.size() + size > kMax) throw std::runtime_error("too much data for one zip (4 GiB)");
    const std::uint32_t crc = crc32(data, size);
    const auto size32 = static_cast<std::uint32_t>(size);
    const auto name_size = static_cast<std::uint32_t>(name.size());
    // Local file header, then the data as it is.
    std::vector<std::uint8_t> header;
    put32(header, 0x04034B50u);
    put16(header, 20);  // version needed: 2.0
    put16(header, 0);   // flags
    put16(header, 0);   // method: stored
    put16(header, time_);
    put16(header, date_);
    put32(header, crc);
    put32(header, size32);  // compressed size
    put32(header, size32);
    put16(header, name_size);
    put16(header, 0);  // extra field
    header.insert(header.end(), name.begin(), name.end());
    out_.write(reinterpret_cast<const char*>(header.data()), static_cast<std::streamsize>(header.size()));
    out_.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out_) throw std::runtime_error("cannot write the zip");
    // Its central directory record.
    put32(directory_, 0x02014B50u);
    put16(directory_, 20);  // made by: 2.0, MS-DOS attributes
    put16(directory_, 20);
    put16(directory_, 0);
    put16(directory_, 0);
    put16(directory_, time_);
    put16(directory_, date_);
    put32(directory_, crc);
    put32(directory_, size32);
    put32(directory_, size32);
    put16(directory_, name_size);
    put16(directory_, 0);  // extra field
    put16(directory_, 0);  // comment
    put16(directory_, 0);  // disk
    put16(directory_, 0);  // internal attributes
    put32(directory_, 0);  // external attributes
    put32(directory_, static_cast<std::uint32_t>(offset_));
    directory_.insert(directory_.end(), name.begin(), name.end());
    offset_ += header.size() + size;
    ++count_;
}

void StoreZipWriter::finish() {
    if (offset_ + directory_.size() + 22 > std::numeric_limits<std::uint32_t>::max())
        throw std::runtime_error("too much data for one zip (4 GiB)");
    std::vector<std::uint8_t> end = directory_;
    put32(end, 0x06054B50u);
    put16(end, 0);
    put16(end, 0);
    put16(end, static_cast<std::uint32_t>(count_));
    put16(end, static_cast<std::uint32_t>(count_));
    put32(end, static_cast<std::uint32_t>(directory_.size()));
    put32(end, static_cast<std::uint32_t>(offset_));
    put16(end, 0);  // comment
    out_.write(reinterpret_cast<const char*>(end.data()), static_cast<std::streamsize>(end.size()));
    out_.flush();
    if (!out_) throw std::runtime_error("cannot write the zip");
}

std::vector<std::uint8_t> store_zip(const std::vector<ZipEntry>& entries) {
    std::ostringstream out;
    StoreZipWriter zip(out);
    for (const ZipEntry& e : entries) zip.add(e.name, e.data.data(), e.data.size());
    zip.finish();
    const std::string bytes = out.str();
    return std::vector<std::uint8_t>(bytes.begin(), bytes.end());
}

}  // namespace dynskin::app::web
