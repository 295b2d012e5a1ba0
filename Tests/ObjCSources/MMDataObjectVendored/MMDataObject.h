// The app's copy of MMDataObject's interface, as its README says to add it to a project.
#import <Foundation/Foundation.h>

typedef id (^FormatBlock)(id value);

@interface MMDataObject : NSObject

- (id)initWithAttributes:(NSDictionary *)attributes;
- (NSDictionary *)attributes;
- (void)setAlias:(NSString *)alias forPropertyName:(NSString *)propertyName;
- (void)addFormatterForPropertyName:(NSString *)name input:(FormatBlock)input output:(FormatBlock)output;
- (void)registerClass:(Class)elementClass forCollectionName:(NSString *)collectionName;
+ (FormatBlock)stringToDateWithFormat:(NSString *)format;
+ (FormatBlock)dateToStringWithFormat:(NSString *)format;

@end
