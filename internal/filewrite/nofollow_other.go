//go:build !unix

package filewrite

// noFollow is 0 where O_NOFOLLOW does not exist; O_EXCL still refuses an existing name.
const noFollow = 0
