// Placeholder while the module is built; removed by its first real file.
