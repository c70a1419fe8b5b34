// MemFS is the file system the engine in the page sees: files in memory, with the calls of
// Node's fs that Go's syscall package makes under js/wasm (each answering at once). The evening's
// ledger is one file in it; book.js keeps its bytes in IndexedDB.
"use strict";

const MemFS = (() => {
  const files = new Map(); // path → {data: Uint8Array, mtime}
  const dirs = new Set(["/", "/mjref", "/mjref/season", "/tmp"]);
  const fds = new Map(); // fd → {path, flags}
  let nextFD = 10;
  const C = { O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
  const decoder = new TextDecoder("utf-8");
  let out = "";

  const err = (code) => { const e = new Error(code); e.code = code; return e; };
  const norm = (p) => { const parts = []; for (const s of String(p).split("/")) { if (s === "" || s === ".") continue; if (s === "..") parts.pop(); else parts.push(s); } return "/" + parts.join("/"); };
  const parent = (p) => norm(p).replace(/\/[^/]*$/, "") || "/";
  function stat(path) {
    path = norm(path);
    const f = files.get(path);
    const isDir = !f && dirs.has(path);
    if (!f && !isDir) return null;
    const size = f ? f.data.length : 0;
    const mtime = f ? f.mtime : 0;
    return { dev: 1, ino: 1, mode: isDir ? 0o40755 : 0o100644, nlink: 1, uid: 0, gid: 0, rdev: 0, size, blksize: 4096, blocks: Math.ceil(size / 512),
      atimeMs: mtime, mtimeMs: mtime, ctimeMs: mtime, isDirectory: () => isDir };
  }
  function grow(f, n) {
    if (f.data.length >= n) return;
    const d = new Uint8Array(n);
    d.set(f.data);
    f.data = d;
  }

  const fs = {
    constants: C,
    writeSync(fd, buf) {
      if (fd === 1 || fd === 2) {
        out += decoder.decode(buf);
        const nl = out.lastIndexOf("\n");
        if (nl !== -1) { console.log(out.substring(0, nl)); out = out.substring(nl + 1); }
        return buf.length;
      }
      throw err("EBADF");
    },
    open(path, flags, mode, cb) {
      path = norm(path);
      const exists = files.has(path) || dirs.has(path);
      if (exists && (flags & C.O_CREAT) && (flags & C.O_EXCL)) return cb(err("EEXIST"));
      if (!exists) {
        if (!(flags & C.O_CREAT)) return cb(err("ENOENT"));
        if (!dirs.has(parent(path))) return cb(err("ENOENT"));
        files.set(path, { data: new Uint8Array(0), mtime: Date.now() });
      }
      const f = files.get(path);
      if (f && (flags & C.O_TRUNC)) { f.data = new Uint8Array(0); f.mtime = Date.now(); }
      const fd = nextFD++;
      fds.set(fd, { path, flags });
      cb(null, fd);
    },
    close(fd, cb) { if (!fds.delete(fd)) return cb(err("EBADF")); cb(null); },
    fstat(fd, cb) { const h = fds.get(fd); if (!h) return cb(err("EBADF")); const s = stat(h.path); if (!s) return cb(err("ENOENT")); cb(null, s); },
    stat(path, cb) { const s = stat(path); if (!s) return cb(err("ENOENT")); cb(null, s); },
    lstat(path, cb) { fs.stat(path, cb); },
    read(fd, buffer, offset, length, position, cb) {
      const h = fds.get(fd);
      if (!h) return cb(err("EBADF"));
      const f = files.get(h.path);
      if (!f) return cb(err("EISDIR"));
      const pos = position === null || position === undefined ? (h.pos || 0) : position;
      const n = Math.max(0, Math.min(length, f.data.length - pos));
      buffer.set(f.data.subarray(pos, pos + n), offset);
      if (position === null || position === undefined) h.pos = pos + n;
      cb(null, n);
    },
    write(fd, buffer, offset, length, position, cb) {
      if (fd === 1 || fd === 2) return cb(null, fs.writeSync(fd, buffer.subarray(offset, offset + length)));
      const h = fds.get(fd);
      if (!h) return cb(err("EBADF"));
      const f = files.get(h.path);
      if (!f) return cb(err("EISDIR"));
      let pos = position === null || position === undefined ? (h.pos || 0) : position;
      if (h.flags & C.O_APPEND) pos = f.data.length;
      grow(f, pos + length);
      f.data.set(buffer.subarray(offset, offset + length), pos);
      f.mtime = Date.now();
      if (position === null || position === undefined) h.pos = pos + length;
      cb(null, length);
    },
    fsync(fd, cb) { cb(null); },
    ftruncate(fd, length, cb) {
      const h = fds.get(fd);
      if (!h) return cb(err("EBADF"));
      const f = files.get(h.path);
      if (!f) return cb(err("EISDIR"));
      const d = new Uint8Array(length);
      d.set(f.data.subarray(0, Math.min(length, f.data.length)));
      f.data = d;
      f.mtime = Date.now();
      cb(null);
    },
    truncate(path, length, cb) { const f = files.get(norm(path)); if (!f) return cb(err("ENOENT")); f.data = f.data.slice(0, length); cb(null); },
    rename(from, to, cb) {
      from = norm(from); to = norm(to);
      const f = files.get(from);
      if (!f) return cb(err("ENOENT"));
      files.delete(from);
      files.set(to, f);
      for (const h of fds.values()) if (h.path === from) h.path = to;
      cb(null);
    },
    unlink(path, cb) { if (!files.delete(norm(path))) return cb(err("ENOENT")); cb(null); },
    mkdir(path, perm, cb) { path = norm(path); if (dirs.has(path) || files.has(path)) return cb(err("EEXIST")); dirs.add(path); cb(null); },
    rmdir(path, cb) { dirs.delete(norm(path)); cb(null); },
    readdir(path, cb) {
      path = norm(path);
      if (!dirs.has(path)) return cb(err("ENOTDIR"));
      const pre = path === "/" ? "/" : path + "/";
      const names = [...files.keys(), ...dirs].filter((p) => p !== path && p.startsWith(pre) && !p.slice(pre.length).includes("/")).map((p) => p.slice(pre.length));
      cb(null, names);
    },
    chmod(path, mode, cb) { cb(null); }, fchmod(fd, mode, cb) { cb(null); },
    chown(path, u, g, cb) { cb(null); }, fchown(fd, u, g, cb) { cb(null); }, lchown(path, u, g, cb) { cb(null); },
    utimes(path, a, m, cb) { cb(null); },
    link(p, l, cb) { cb(err("ENOSYS")); }, symlink(p, l, cb) { cb(err("ENOSYS")); }, readlink(p, cb) { cb(err("EINVAL")); },
  };

  // get and put read and write a whole file (bytes), for the ledger kept in IndexedDB.
  const get = (path) => { const f = files.get(norm(path)); return f ? f.data.slice() : null; };
  const put = (path, data) => { files.set(norm(path), { data: new Uint8Array(data), mtime: Date.now() }); };
  const remove = (path) => { files.delete(norm(path)); };
  // clear removes every file under the directory dir.
  const clear = (dir) => { const pre = norm(dir) + "/"; for (const p of [...files.keys()]) if (p.startsWith(pre)) files.delete(p); };
  return { fs, get, put, remove, clear };
})();
globalThis.fs = MemFS.fs;
