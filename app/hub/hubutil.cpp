#include "hubutil.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdio>
#include <ctime>
#include <random>

namespace fleetscope::hub {

std::string formatTimestamp(std::chrono::system_clock::time_point when)
{
    const std::time_t t = std::chrono::system_clock::to_time_t(when);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

std::string nowTimestamp()
{
    return formatTimestamp(std::chrono::system_clock::now());
}

bool parseTimestamp(const std::string &text, std::chrono::system_clock::time_point *out)
{
    std::tm tm{};
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &year, &month, &day, &hour, &minute, &second) != 6)
        return false;
    tm.tm_year = year - 1900;
    tm.tm_mon = month - 1;
    tm.tm_mday = day;
    tm.tm_hour = hour;
    tm.tm_min = minute;
    tm.tm_sec = second;
    *out = std::chrono::system_clock::from_time_t(timegm(&tm));
    return true;
}

std::string humanDuration(std::chrono::seconds age)
{
    // Mirrors k8s.io/apimachinery/pkg/util/duration.HumanDuration so that Age cells
    // read exactly like a real apiserver's.
    const long long seconds = age.count();
    char buffer[64];
    if (seconds < -1)
        return "<invalid>";
    if (seconds < 0)
        return "0s";
    if (seconds < 60 * 2) {
        std::snprintf(buffer, sizeof buffer, "%llds", seconds);
        return buffer;
    }
    const long long minutes = seconds / 60;
    if (minutes < 10) {
        const long long s = seconds % 60;
        if (s == 0)
            std::snprintf(buffer, sizeof buffer, "%lldm", minutes);
        else
            std::snprintf(buffer, sizeof buffer, "%lldm%llds", minutes, s);
        return buffer;
    }
    if (minutes < 60 * 3) {
        std::snprintf(buffer, sizeof buffer, "%lldm", minutes);
        return buffer;
    }
    const long long hours = seconds / 3600;
    if (hours < 8) {
        const long long m = minutes % 60;
        if (m == 0)
            std::snprintf(buffer, sizeof buffer, "%lldh", hours);
        else
            std::snprintf(buffer, sizeof buffer, "%lldh%lldm", hours, m);
        return buffer;
    }
    if (hours < 48) {
        std::snprintf(buffer, sizeof buffer, "%lldh", hours);
        return buffer;
    }
    if (hours < 24 * 8) {
        const long long h = hours % 24;
        if (h == 0)
            std::snprintf(buffer, sizeof buffer, "%lldd", hours / 24);
        else
            std::snprintf(buffer, sizeof buffer, "%lldd%lldh", hours / 24, h);
        return buffer;
    }
    if (hours < 24 * 365 * 2) {
        std::snprintf(buffer, sizeof buffer, "%lldd", hours / 24);
        return buffer;
    }
    if (hours < 24 * 365 * 8) {
        const long long dy = (hours / 24) % 365;
        if (dy == 0)
            std::snprintf(buffer, sizeof buffer, "%lldy", hours / 24 / 365);
        else
            std::snprintf(buffer, sizeof buffer, "%lldy%lldd", hours / 24 / 365, dy);
        return buffer;
    }
    std::snprintf(buffer, sizeof buffer, "%lldy", hours / 24 / 365);
    return buffer;
}

namespace {
void randomBytes(unsigned char *out, std::size_t n)
{
    if (RAND_bytes(out, static_cast<int>(n)) != 1) {
        // OpenSSL's RNG failing is practically impossible; fall back rather than abort a test hub.
        static thread_local std::mt19937_64 fallback{std::random_device{}()};
        for (std::size_t i = 0; i < n; ++i)
            out[i] = static_cast<unsigned char>(fallback());
    }
}
} // namespace

std::string randomUuid()
{
    unsigned char b[16];
    randomBytes(b, sizeof b);
    b[6] = static_cast<unsigned char>((b[6] & 0x0f) | 0x40);
    b[8] = static_cast<unsigned char>((b[8] & 0x3f) | 0x80);
    char buffer[40];
    std::snprintf(buffer, sizeof buffer,
                  "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3],
                  b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    return buffer;
}

std::string randomAlnum(std::size_t length)
{
    static const char alphabet[] = "bcdfghjklmnpqrstvwxz2456789"; // kube's generateName alphabet
    std::string out(length, 'x');
    std::string bytes(length, '\0');
    randomBytes(reinterpret_cast<unsigned char *>(bytes.data()), length);
    for (std::size_t i = 0; i < length; ++i)
        out[i] = alphabet[static_cast<unsigned char>(bytes[i]) % (sizeof alphabet - 1)];
    return out;
}

std::string base64Encode(const std::string &bytes, bool urlSafe)
{
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char *>(out.data()),
                                  reinterpret_cast<const unsigned char *>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    if (urlSafe) {
        for (char &c : out) {
            if (c == '+')
                c = '-';
            else if (c == '/')
                c = '_';
        }
        while (!out.empty() && out.back() == '=')
            out.pop_back();
    }
    return out;
}

bool base64Decode(const std::string &text, std::string *out)
{
    std::string s = text;
    for (char &c : s) {
        if (c == '-')
            c = '+';
        else if (c == '_')
            c = '/';
    }
    while (s.size() % 4 != 0)
        s.push_back('=');
    std::string decoded(s.size(), '\0');
    const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char *>(decoded.data()),
                                  reinterpret_cast<const unsigned char *>(s.data()), static_cast<int>(s.size()));
    if (n < 0)
        return false;
    std::size_t size = static_cast<std::size_t>(n);
    // EVP_DecodeBlock counts padding as zero bytes.
    for (auto it = s.rbegin(); it != s.rend() && *it == '='; ++it)
        --size;
    decoded.resize(size);
    *out = decoded;
    return true;
}

} // namespace fleetscope::hub
