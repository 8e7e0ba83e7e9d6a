#!/usr/bin/env python3
"""Checks the firmware ELF: 32-bit little-endian ARM, EABI5, Thumb entry;
the vector table at the flash base (initial SP inside RAM, Thumb reset
handler inside flash); flash and RAM use within their sizes.

usage: check_elf.py ELF FLASH_BASE FLASH_SIZE RAM_BASE RAM_SIZE"""
import struct
import sys

EM_ARM = 40
PT_LOAD = 1


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def main():
    path = sys.argv[1]
    flash_base, flash_size, ram_base, ram_size = (int(a, 0) for a in sys.argv[2:6])
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF":
        fail("not an ELF file")
    if data[4] != 1 or data[5] != 1:
        fail("not ELFCLASS32 little-endian")
    (e_type, e_machine, _ver, e_entry, e_phoff, e_shoff, e_flags, _ehsize,
     e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx) = struct.unpack_from(
        "<HHIIIIIHHHHHH", data, 16)
    if e_type != 2 or e_machine != EM_ARM:
        fail("not an ARM executable (type %d machine %d)" % (e_type, e_machine))
    if (e_flags >> 24) != 5:
        fail("not EABI version 5 (e_flags 0x%x)" % e_flags)
    if not e_entry & 1:
        fail("entry 0x%x is not a Thumb address" % e_entry)

    # Sections by name.
    shstr_off = struct.unpack_from("<IIIIII", data, e_shoff + e_shstrndx * e_shentsize)[4]
    sections = {}
    for i in range(e_shnum):
        name, _t, _f, addr, off, size = struct.unpack_from("<IIIIII", data, e_shoff + i * e_shentsize)
        end = data.index(b"\0", shstr_off + name)
        sections[data[shstr_off + name:end].decode()] = (addr, off, size)
    if ".isr_vector" not in sections:
        fail("no .isr_vector section")
    addr, off, size = sections[".isr_vector"]
    if addr != flash_base or size < 8:
        fail(".isr_vector at 0x%x size %d, not at the flash base 0x%x" % (addr, size, flash_base))
    sp, reset = struct.unpack_from("<II", data, off)
    if not (ram_base < sp <= ram_base + ram_size) or sp & 7:
        fail("initial SP 0x%x is not an 8-aligned RAM top" % sp)
    if not reset & 1 or not (flash_base <= reset & ~1 < flash_base + flash_size):
        fail("reset vector 0x%x is not a Thumb address in flash" % reset)

    flash_used = 0
    ram_used = 0
    for i in range(e_phnum):
        p_type, _o, vaddr, paddr, filesz, memsz, _f, _a = struct.unpack_from(
            "<IIIIIIII", data, e_phoff + i * e_phentsize)
        if p_type != PT_LOAD:
            continue
        if flash_base <= paddr < flash_base + flash_size:
            flash_used += filesz
        if ram_base <= vaddr < ram_base + ram_size:
            ram_used += memsz
    # NOLOAD .bss/.stack may sit outside PT_LOAD: count them from sections.
    ram_end = max([a + s for (a, _o, s) in sections.values() if ram_base <= a < ram_base + ram_size] + [ram_base])
    ram_used = max(ram_used, ram_end - ram_base)
    if flash_used > flash_size:
        fail("flash use %d > %d" % (flash_used, flash_size))
    if ram_used > ram_size:
        fail("RAM use %d > %d" % (ram_used, ram_size))
    print("entry 0x%x sp 0x%x reset 0x%x flash %d/%d RAM %d/%d (with stack)" %
          (e_entry, sp, reset, flash_used, flash_size, ram_used, ram_size))
    print("PASS")


if __name__ == "__main__":
    main()
