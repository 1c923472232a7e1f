#include "CSQLiteFaults.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#define ARMED_CAPACITY 16

static pthread_mutex_t armed_lock = PTHREAD_MUTEX_INITIALIZER;
static char *armed[ARMED_CAPACITY];

/// Takes the armed failure for `path`, if there is one: 1 when the caller must fail.
static int take_armed(const char *path) {
    if (path == NULL) return 0;
    int found = 0;
    pthread_mutex_lock(&armed_lock);
    for (int i = 0; i < ARMED_CAPACITY; i++) {
        if (armed[i] != NULL && strcmp(armed[i], path) == 0) {
            free(armed[i]);
            armed[i] = NULL;
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&armed_lock);
    return found;
}

void quartet_faults_fail_next_sync(const char *path) {
    pthread_mutex_lock(&armed_lock);
    for (int i = 0; i < ARMED_CAPACITY; i++) {
        if (armed[i] == NULL) {
            armed[i] = strdup(path);
            break;
        }
    }
    pthread_mutex_unlock(&armed_lock);
}

int quartet_faults_is_armed(const char *path) {
    int found = 0;
    pthread_mutex_lock(&armed_lock);
    for (int i = 0; i < ARMED_CAPACITY; i++) {
        if (armed[i] != NULL && strcmp(armed[i], path) == 0) found = 1;
    }
    pthread_mutex_unlock(&armed_lock);
    return found;
}

/// A file of the wrapping VFS: the real file follows it in the same allocation.
typedef struct FaultFile {
    sqlite3_file base;
    sqlite3_file *real;
    char *path;
} FaultFile;

static sqlite3_file *real_file(sqlite3_file *file) { return ((FaultFile *)file)->real; }

static int fault_close(sqlite3_file *file) {
    FaultFile *fault = (FaultFile *)file;
    int rc = fault->real->pMethods->xClose(fault->real);
    free(fault->path);
    fault->path = NULL;
    return rc;
}

static int fault_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xRead(real, buffer, amount, offset);
}

static int fault_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xWrite(real, buffer, amount, offset);
}

static int fault_truncate(sqlite3_file *file, sqlite3_int64 size) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xTruncate(real, size);
}

static int fault_sync(sqlite3_file *file, int flags) {
    FaultFile *fault = (FaultFile *)file;
    if (take_armed(fault->path)) return SQLITE_IOERR_FSYNC;
    return fault->real->pMethods->xSync(fault->real, flags);
}

static int fault_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xFileSize(real, size);
}

static int fault_lock(sqlite3_file *file, int lock) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xLock(real, lock);
}

static int fault_unlock(sqlite3_file *file, int lock) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xUnlock(real, lock);
}

static int fault_check_reserved_lock(sqlite3_file *file, int *result) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xCheckReservedLock(real, result);
}

static int fault_file_control(sqlite3_file *file, int operation, void *argument) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xFileControl(real, operation, argument);
}

static int fault_sector_size(sqlite3_file *file) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xSectorSize(real);
}

static int fault_device_characteristics(sqlite3_file *file) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xDeviceCharacteristics(real);
}

static int fault_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **memory) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xShmMap(real, page, size, extend, memory);
}

static int fault_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xShmLock(real, offset, count, flags);
}

static void fault_shm_barrier(sqlite3_file *file) {
    sqlite3_file *real = real_file(file);
    real->pMethods->xShmBarrier(real);
}

static int fault_shm_unmap(sqlite3_file *file, int delete_flag) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xShmUnmap(real, delete_flag);
}

static int fault_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xFetch(real, offset, amount, pointer);
}

static int fault_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    sqlite3_file *real = real_file(file);
    return real->pMethods->xUnfetch(real, offset, pointer);
}

static const sqlite3_io_methods fault_methods = {
    3,
    fault_close,
    fault_read,
    fault_write,
    fault_truncate,
    fault_sync,
    fault_file_size,
    fault_lock,
    fault_unlock,
    fault_check_reserved_lock,
    fault_file_control,
    fault_sector_size,
    fault_device_characteristics,
    fault_shm_map,
    fault_shm_lock,
    fault_shm_barrier,
    fault_shm_unmap,
    fault_fetch,
    fault_unfetch,
};

static sqlite3_vfs fault_vfs;

static sqlite3_vfs *real_vfs(void) { return (sqlite3_vfs *)fault_vfs.pAppData; }

static int fault_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    FaultFile *fault = (FaultFile *)file;
    fault->real = (sqlite3_file *)(fault + 1);
    fault->path = NULL;
    fault->base.pMethods = NULL;
    int rc = real_vfs()->xOpen(real_vfs(), name, fault->real, flags, out_flags);
    if (fault->real->pMethods == NULL) return rc;
    // NB: the real file is open (even when rc is an error), so ours must be too: SQLite then calls xClose.
    fault->path = name != NULL ? strdup(name) : NULL;
    fault->base.pMethods = &fault_methods;
    return rc;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int sync_directory) {
    (void)vfs;
    return real_vfs()->xDelete(real_vfs(), name, sync_directory);
}

static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return real_vfs()->xAccess(real_vfs(), name, flags, result);
}

static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return real_vfs()->xFullPathname(real_vfs(), name, size, out);
}

static void *fault_dl_open(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return real_vfs()->xDlOpen(real_vfs(), name);
}

static void fault_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    real_vfs()->xDlError(real_vfs(), size, message);
}

static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return real_vfs()->xDlSym(real_vfs(), handle, symbol);
}

static void fault_dl_close(sqlite3_vfs *vfs, void *handle) {
    (void)vfs;
    real_vfs()->xDlClose(real_vfs(), handle);
}

static int fault_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return real_vfs()->xRandomness(real_vfs(), size, out);
}

static int fault_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return real_vfs()->xSleep(real_vfs(), microseconds);
}

static int fault_current_time(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return real_vfs()->xCurrentTime(real_vfs(), now);
}

static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return real_vfs()->xGetLastError(real_vfs(), size, message);
}

static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return real_vfs()->xCurrentTimeInt64(real_vfs(), now);
}

static pthread_once_t register_once = PTHREAD_ONCE_INIT;
static int register_result = SQLITE_ERROR;

static void register_vfs(void) {
    sqlite3_vfs *real = sqlite3_vfs_find(NULL);
    if (real == NULL || real->iVersion < 2) return;
    memset(&fault_vfs, 0, sizeof fault_vfs);
    fault_vfs.iVersion = 2;
    fault_vfs.szOsFile = (int)sizeof(FaultFile) + real->szOsFile;
    fault_vfs.mxPathname = real->mxPathname;
    fault_vfs.zName = "quartet-faults";
    fault_vfs.pAppData = real;
    fault_vfs.xOpen = fault_open;
    fault_vfs.xDelete = fault_delete;
    fault_vfs.xAccess = fault_access;
    fault_vfs.xFullPathname = fault_full_pathname;
    fault_vfs.xDlOpen = fault_dl_open;
    fault_vfs.xDlError = fault_dl_error;
    fault_vfs.xDlSym = fault_dl_sym;
    fault_vfs.xDlClose = fault_dl_close;
    fault_vfs.xRandomness = fault_randomness;
    fault_vfs.xSleep = fault_sleep;
    fault_vfs.xCurrentTime = fault_current_time;
    fault_vfs.xGetLastError = fault_get_last_error;
    fault_vfs.xCurrentTimeInt64 = fault_current_time_int64;
    register_result = sqlite3_vfs_register(&fault_vfs, 0);
}

int quartet_faults_register(void) {
    pthread_once(&register_once, register_vfs);
    return register_result;
}
