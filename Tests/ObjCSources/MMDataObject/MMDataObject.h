// The base class's interface as MMDataObject's README documents it; written for these tests, not copied.

#import <Foundation/Foundation.h>

typedef id (^FormatBlock)(id);

@interface MMDataObject : NSObject

- (id)initWithAttributes:(NSDictionary *)attributes;
- (NSMutableDictionary *)attributes;

- (void)setAlias:(NSString *)alias forPropertyName:(NSString *)propertyName;
- (void)addFormatterForPropertyName:(NSString *)name input:(FormatBlock)input output:(FormatBlock)output;
- (void)registerClass:(Class)className forCollectionName:(NSString *)collectionName;

@end
